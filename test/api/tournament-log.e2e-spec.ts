import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  type ConsistencyProofAnswer,
  type InclusionProofAnswer,
  type SignedTreeHead,
  hexOf,
  keysOfPublished,
  leafHashOfHead,
  rootOf,
  verifyConsistencyAnswer,
  verifyInclusionAnswer,
  verifyStatementOfKind,
} from '@app/games';
import { type CliRun, runSanctum } from '../support/run-cli';
import { type ApiTestApp, bearer, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { type CreatedGame, createGame, readScenario, setupBody } from './support/scenario.http-player';
import { SseClient } from './support/sse-client';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');

/** A copy with one hex digit of a node changed (a flipped bit, as far as a proof is concerned). */
function flippedNode(nodes: string[], i: number): string[] {
  return nodes.map((node, j) => (j === i ? `${node[0] === '0' ? '1' : '0'}${node.slice(1)}` : node));
}

describe('the tournament log: signed heads of every game in an RFC 6962 Merkle tree (issue #18, 4)', () => {
  const dir = makeTempDir();
  const dbPath = path.join(dir, 'log.db');
  let api: ApiTestApp;
  let keys: ReturnType<typeof keysOfPublished>;
  let games: Record<string, CreatedGame>;
  /** The tree heads published after each round. */
  const published: SignedTreeHead[] = [];

  const record = async (gameIds?: string[]) => {
    const response = await api.organiser
      .post('/log/heads')
      .send(gameIds === undefined ? {} : { gameIds })
      .expect(200);
    return response.body as { recorded: { gameId: string; revision: number }[]; treeHead: SignedTreeHead };
  };

  beforeAll(async () => {
    api = await startApi(dbPath, { gcScheduler: false });
    keys = keysOfPublished((await api.as().get('/.well-known/sanctum-keys')).body, 'keys');
    games = {};
    for (const gameId of ['north', 'south'])
      games[gameId] = await createGame(api, setupBody(readScenario(EXAMPLE), gameId));
  });
  afterAll(async () => {
    await api.close();
    removeTempDir(dir);
  });

  it('round 1: the organiser records every game’s head and gets the signed tree head to publish', async () => {
    const round = await record();
    expect(round.recorded.map((head) => head.gameId)).toEqual(['north', 'south']);
    expect(round.treeHead).toMatchObject({ size: 2, root: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(verifyStatementOfKind(round.treeHead, 'tree head', keys)).toMatchObject({ valid: true });
    const { entries } = (await api.as().get('/log/entries').expect(200)).body;
    expect(hexOf(rootOf(entries.map(({ head }: never) => leafHashOfHead(head))))).toBe(round.treeHead.root);
    // Nothing moved: nothing is recorded again, and the tree head stays.
    const again = await record();
    expect(again).toEqual({ recorded: [], skipped: [], treeHead: round.treeHead });
    published.push(round.treeHead);
  });

  it('round 2: a game moves on; its new head is appended', async () => {
    await api
      .as(games.north.playerTokens.red)
      .post('/games/north/orders')
      .send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer' } })
      .expect(201);
    const head = (await api.as().get('/games/north/head').expect(200)).body;
    const round = await record(['north', 'south']);
    expect(round.recorded).toEqual([head]);
    expect(round.treeHead.size).toBe(3);
    published.push(round.treeHead);
    expect((await api.as().get('/log/tree-head?size=2').expect(200)).body).toEqual(published[0]);
    expect((await api.as().get('/log/tree-head').expect(200)).body).toEqual(published[1]);
  });

  it('an inclusion proof for a head verifies, against the published tree head; tampered, it does not', async () => {
    const answer: InclusionProofAnswer = (await api.as().get('/log/inclusion?gameId=south').expect(200)).body;
    expect(answer).toMatchObject({ leafIndex: 1, head: { gameId: 'south' }, treeHead: published[1] });
    expect(verifyInclusionAnswer(answer, keys, published[1])).toEqual({ valid: true });
    const atRound1: InclusionProofAnswer = (
      await api.as().get('/log/inclusion?gameId=north&revision=6&size=2').expect(200)
    ).body;
    expect(atRound1.treeHead).toEqual(published[0]);
    expect(verifyInclusionAnswer(atRound1, keys, published[0])).toEqual({ valid: true });

    const tampered: [string, InclusionProofAnswer][] = [
      ['another leaf index', { ...answer, leafIndex: 0 }],
      ['a node changed', { ...answer, auditPath: flippedNode(answer.auditPath, 0) }],
      ['a node dropped', { ...answer, auditPath: answer.auditPath.slice(1) }],
      ['another revision', { ...answer, head: { ...answer.head, revision: answer.head.revision + 1 } }],
      ['another tree size', { ...answer, treeHead: { ...answer.treeHead, size: 4 } }],
    ];
    for (const [what, proof] of tampered)
      expect([what, verifyInclusionAnswer(proof, keys).valid]).toEqual([what, false]);
    // A valid proof against another tree head than the one kept is not the proof asked for.
    expect(verifyInclusionAnswer(answer, keys, published[0])).toMatchObject({
      valid: false,
      reason: expect.stringContaining('not the kept one'),
    });
  });

  it('a consistency proof shows round 2’s log extends round 1’s; tampered, it does not', async () => {
    const answer: ConsistencyProofAnswer = (await api.as().get('/log/consistency?first=2&second=3').expect(200)).body;
    expect(answer.first).toEqual(published[0]);
    expect(answer.second).toEqual(published[1]);
    expect(verifyConsistencyAnswer(answer, keys, published[0])).toEqual({ valid: true });
    const tampered: [string, ConsistencyProofAnswer][] = [
      ['a node changed', { ...answer, proof: flippedNode(answer.proof, 0) }],
      ['no proof', { ...answer, proof: [] }],
      ['another first root', { ...answer, first: { ...answer.first, root: answer.second.root } }],
      ['sizes swapped', { ...answer, first: answer.second, second: answer.first }],
    ];
    for (const [what, proof] of tampered)
      expect([what, verifyConsistencyAnswer(proof, keys).valid]).toEqual([what, false]);
  });

  it('refuses what the log does not hold (404) and malformed queries (400, naming the field); only the organiser records', async () => {
    await api.as().get('/log/tree-head?size=9').expect(404);
    await api.as().get('/log/inclusion?gameId=nowhere').expect(404);
    await api.as().get('/log/consistency?first=9').expect(404);
    const bad = await api.as().get('/log/consistency?first=3&second=2').expect(400);
    expect(JSON.stringify(bad.body)).toMatch(/second/);
    expect(JSON.stringify((await api.as().get('/log/tree-head?size=-1').expect(400)).body)).toMatch(/size/);
    expect(
      JSON.stringify(
        (
          await api.organiser
            .post('/log/heads')
            .send({ gameIds: ['no good'] })
            .expect(400)
        ).body,
      ),
    ).toMatch(/gameIds/);
    await api.organiser
      .post('/log/heads')
      .send({ gameIds: ['nowhere'] })
      .expect(404);
    await api.as(games.north.playerTokens.red).post('/log/heads').send({}).expect(403);
    expect((await api.as().get('/log/tree-head').expect(200)).body).toEqual(published[1]);
  });

  it('is a stream of its own: no game listing or game event stream shows it, and it survives a restart', async () => {
    const listed = (await api.as().get('/games').expect(200)).body.games.map((game: { gameId: string }) => game.gameId);
    expect(listed).toEqual(['north', 'south']);
    const stream = await SseClient.open(`${api.url}/events/stream`, bearer(api.organiserToken));
    try {
      await stream.waitFor((events) =>
        events.some((event) => event.data.includes('"gameId":"north"') && event.data.includes('"SpellTargeted"')),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stream.events.some((event) => event.data.includes('HeadLogged'))).toBe(false);
    } finally {
      stream.close();
    }
    await api.close();
    api = await startApi(dbPath, { gcScheduler: false });
    expect((await api.as().get('/log/tree-head').expect(200)).body).toEqual(published[1]);
  });

  it('sanctum verify-proof checks both proofs with the keys alone, and against a kept tree head', async () => {
    const file = (name: string) => path.join(dir, name);
    const inclusion = (await api.as().get('/log/inclusion?gameId=north').expect(200)).body;
    const consistency = (await api.as().get('/log/consistency?first=2').expect(200)).body;
    fs.writeFileSync(file('inclusion.json'), JSON.stringify(inclusion));
    fs.writeFileSync(file('consistency.json'), JSON.stringify(consistency));
    fs.writeFileSync(
      file('tampered.json'),
      JSON.stringify({ ...consistency, proof: flippedNode(consistency.proof, 0) }),
    );
    fs.writeFileSync(file('round-1.json'), JSON.stringify(published[0]));
    // What the organiser publishes may be POST /log/heads' whole answer, the tree head inside.
    fs.writeFileSync(
      file('round-1-answer.json'),
      JSON.stringify({ recorded: [], skipped: [], treeHead: published[0] }),
    );
    fs.writeFileSync(file('not-a-tree-head.json'), JSON.stringify({ size: 2 }));
    fs.writeFileSync(file('keys.json'), JSON.stringify((await api.as().get('/.well-known/sanctum-keys')).body));
    const key = ['--key', file('keys.json')];
    const runs: CliRun[] = await Promise.all([
      runSanctum(['verify-proof', file('inclusion.json'), ...key]),
      runSanctum(['verify-proof', file('consistency.json'), ...key, '--tree-head', file('round-1.json')]),
      runSanctum(['verify-proof', file('tampered.json'), '--key', `${api.url}/.well-known/sanctum-keys`]),
      runSanctum(['verify-proof', file('inclusion.json'), ...key, '--tree-head', file('round-1.json')]),
      runSanctum(['verify-proof', file('consistency.json'), ...key, '--tree-head', file('round-1-answer.json')]),
      runSanctum(['verify-proof', file('consistency.json'), ...key, '--tree-head', file('not-a-tree-head.json')]),
    ]);
    expect(runs.map((run) => run.exitCode)).toEqual([0, 0, 3, 3, 0, 2]);
    expect(runs[0].stdout).toMatch(
      /^verdict: VALID: the head of game north at revision 7 is leaf 2 of the log of size 3\n$/,
    );
    expect(runs[1].stdout).toMatch(/VALID: the log of size 3 extends the log of size 2/);
    expect(runs[2].stdout).toMatch(/NOT VALID: .*the proof does not show/);
    expect(runs[3].stdout).toMatch(/NOT VALID: .*not the kept one/);
    expect(runs[4].stdout).toMatch(/VALID: the log of size 3 extends the log of size 2/);
    expect(runs[5]).toMatchObject({
      stdout: '',
      stderr: expect.stringMatching(/not a signed tree head.*root is missing/),
    });
  }, 90_000);
});
