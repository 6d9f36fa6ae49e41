import * as path from 'node:path';
import Database from 'better-sqlite3';
import { DAMAGED_EVENT, gameStream } from '@app/games';
import { GamesHarness, exampleScenario, playScenario } from '../../libs/games/test/games-testing';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from '../api/support/api-test-app';
import { SseClient } from '../api/support/sse-client';
import { createGame, readScenario, setupBody } from '../api/support/scenario.http-player';
import { REPO_ROOT } from '../support/repo-root';
import { runSanctum } from '../support/run-cli';
import { storedJson, DeepNesting, HugeNumber } from '../support/tampering/unwritable-json';
import { firstFinding } from './tamper-expectations';
import { chainEvent, genesisHash, chainSecretOf } from '@app/games';

/** The revision the forgeries edit: the example's first DamageApplied (b-archer takes 3). */
const EDITED = 15;

type Row = { revision: number; type: string; data: string; metadata: string };

/**
 * A forgery the issue found answered with a 500 or a stack trace: what it does to the stored rows of one game, and
 * the revision it damages.
 */
interface Forgery {
  gameId: string;
  revision: number;
  forge: (db: Database.Database, stream: string) => void;
}

const setData = (revision: number, text: string) => (db: Database.Database, stream: string) => {
  db.prepare('UPDATE events SET data = ? WHERE stream = ? AND revision = ?').run(text, stream, revision);
};

const rowOf = (db: Database.Database, stream: string, revision: number): Row =>
  db
    .prepare('SELECT revision, type, data, metadata FROM events WHERE stream = ? AND revision = ?')
    .get(stream, revision) as Row;

/** Edits the data of one event, then computes every link again from there, as a forger who read the chain secret. */
const rechained = (revision: number, edit: (data: unknown) => unknown) => (db: Database.Database, stream: string) => {
  const rows = db
    .prepare('SELECT revision, type, data, metadata FROM events WHERE stream = ? ORDER BY revision')
    .all(stream) as Row[];
  const events = rows.map((row) => ({
    ...row,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  }));
  events[revision]!.data = edit(events[revision]!.data);
  let previous =
    revision === 0
      ? genesisHash(String(events[0]!.metadata.gameId), chainSecretOf(events[0]!.metadata) ?? undefined)
      : String(events[revision - 1]!.metadata.hash);
  const update = db.prepare('UPDATE events SET data = ?, metadata = ? WHERE stream = ? AND revision = ?');
  for (const event of events.slice(revision)) {
    const { prevHash: _p, hash: _h, ...metadata } = event.metadata;
    const linked = chainEvent(previous, { type: event.type, data: event.data, metadata });
    previous = linked.metadata.hash;
    update.run(JSON.stringify(linked.data), JSON.stringify(linked.metadata), stream, event.revision);
  }
};

const FORGERIES: Forgery[] = [
  {
    gameId: 'minion-id',
    revision: EDITED,
    forge: (db, stream) =>
      setData(EDITED, rowOf(db, stream, EDITED).data.replace('"b-archer"', '"b-archer-2"'))(db, stream),
  },
  { gameId: 'data-null', revision: EDITED, forge: setData(EDITED, 'null') },
  { gameId: 'data-array', revision: EDITED, forge: setData(EDITED, '[]') },
  { gameId: 'data-string', revision: EDITED, forge: setData(EDITED, '"x"') },
  { gameId: 'data-number', revision: EDITED, forge: setData(EDITED, '123') },
  { gameId: 'created-null', revision: 0, forge: setData(0, 'null') },
  {
    gameId: 'board-null',
    revision: 0,
    forge: (db, stream) => {
      const data = JSON.parse(rowOf(db, stream, 0).data) as Record<string, unknown>;
      setData(0, JSON.stringify({ ...data, board: null }))(db, stream);
    },
  },
  {
    gameId: 'created-renamed',
    revision: 0,
    forge: (db, stream) =>
      db.prepare("UPDATE events SET type = 'TurnStarted' WHERE stream = ? AND revision = 0").run(stream),
  },
  {
    gameId: 'created-deleted',
    revision: 0,
    forge: (db, stream) => db.prepare('DELETE FROM events WHERE stream = ? AND revision = 0').run(stream),
  },
  {
    gameId: 'huge-number',
    revision: EDITED,
    forge: (db, stream) => {
      const data = JSON.parse(rowOf(db, stream, EDITED).data) as Record<string, unknown>;
      setData(EDITED, storedJson({ ...data, amount: new HugeNumber(false) }))(db, stream);
    },
  },
  {
    gameId: 'deep-nesting',
    revision: EDITED,
    forge: (db, stream) => {
      const data = JSON.parse(rowOf(db, stream, EDITED).data) as Record<string, unknown>;
      setData(EDITED, storedJson({ ...data, amount: new DeepNesting(200_000) }))(db, stream);
    },
  },
  { gameId: 'not-json', revision: EDITED, forge: setData(EDITED, '{"minionId": "b-archer",') },
  { gameId: 'rechained-null', revision: EDITED, forge: rechained(EDITED, () => null) },
  {
    gameId: 'rechained-board',
    revision: 0,
    forge: rechained(0, (data) => ({ ...(data as Record<string, unknown>), board: null })),
  },
];

/**
 * Issue #23: the forgeries of a hostile operator that made the audit answer 500, `verify` exit 70 and the doors of
 * every game fail — each now a finding named by its revision, and one damaged game harming no other. The games are
 * played into a SQLite file, the file is forged with the service stopped, then the service starts on it.
 */
describe('a forged SQLite store: findings, not exceptions, and no game harmed by another (e2e)', () => {
  const dir = makeTempDir();
  const file = path.join(dir, 'sanctum.db');
  let api: ApiTestApp;
  let total: number;

  beforeAll(async () => {
    const harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: file } });
    for (const { gameId } of FORGERIES) await playScenario(harness, exampleScenario(), gameId);
    await harness.close();
    const db = new Database(file);
    for (const { gameId, forge } of FORGERIES) forge(db, gameStream(gameId));
    db.close();
    api = await startApi(file);
    const sound = await createGame(
      api,
      setupBody(readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json')), 'sound'),
    );
    await api.as(sound.playerTokens.red).post('/games/sound/confirm').send({ player: 'red' }).expect(200);
    await api.as(sound.playerTokens.blue).post('/games/sound/confirm').send({ player: 'blue' }).expect(200);
    const raw = new Database(file, { readonly: true });
    total = (raw.prepare("SELECT count(*) AS n FROM events WHERE stream LIKE 'game-%'").get() as { n: number }).n;
    raw.close();
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it.each(FORGERIES.map((forgery) => [forgery.gameId, forgery]))(
    '%s: the audit answers 200 and names the revision; the game’s doors name it; no stack trace',
    async (_name, { gameId, revision }) => {
      const audit = await api.organiser.get(`/games/${gameId}/audit`).expect(200);
      expect(firstFinding(audit.body)).toBe(revision);
      for (const door of [`/games/${gameId}/state`, `/games/${gameId}/events`]) {
        const answer = await api.organiser.get(door);
        // A read that needs the damaged event names it; one that does not (a state from a later snapshot) answers.
        if (answer.status !== 200) {
          expect({ status: answer.status, damagedRevision: answer.body.damagedRevision }).toEqual({
            status: 500,
            damagedRevision: expect.any(Number),
          });
          expect(answer.body.message).toContain(`stored event ${answer.body.damagedRevision as number} is damaged`);
          expect(answer.body.damagedRevision).toBeGreaterThanOrEqual(revision);
        }
      }
    },
  );

  it('sanctum verify exits 3 naming the revision of a forgery of each kind, never 70', async () => {
    // The audit above is the one verify runs: one CLI process per kind of damage (a row of the wrong shape, a row
    // missing, content no canonical form holds, a malformed set-up chained again) shows the CLI's own words hold.
    const chosen = FORGERIES.filter(({ gameId }) =>
      ['data-null', 'created-deleted', 'deep-nesting', 'rechained-board'].includes(gameId),
    );
    const runs = await Promise.all(
      chosen.map(({ gameId }) => runSanctum(['verify', gameId], { env: { SQLITE_PATH: file } })),
    );
    chosen.forEach(({ gameId, revision }, i) => {
      const run = runs[i]!;
      expect({ gameId, exitCode: run.exitCode }).toEqual({ gameId, exitCode: 3 });
      expect(run.stdout).toContain(`does not hold from revision ${revision} on`);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    });
  });

  it('a game’s own stream names its damaged event: at once, or after the events before it', async () => {
    const opened = await SseClient.open(`${api.url}/games/data-null/events/stream`, {
      Authorization: `Bearer ${api.organiserToken}`,
    }).catch((error: { status?: number; body?: string }) => error);
    if (!(opened instanceof SseClient)) {
      // The damage was met before the stream's first event went out: the door answers like every other.
      expect(opened.status).toBe(500);
      expect(opened.body).toContain(`its stored event ${EDITED} is damaged`);
      return;
    }
    await Promise.race([opened.ended, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    opened.close();
    expect(opened.events.filter((event) => event.id !== undefined).map((event) => Number(event.id))).toEqual(
      Array.from({ length: EDITED }, (_, revision) => revision),
    );
    expect(opened.named.find((event) => event.event === 'error')?.data).toContain(
      `its stored event ${EDITED} is damaged`,
    );
  });

  it('the sound game plays on, and the list of games answers', async () => {
    const state = await api.organiser.get('/games/sound/state').expect(200);
    expect(state.body.state.turn).toBeGreaterThanOrEqual(1);
    const { games } = (await api.as().get('/games').expect(200)).body as { games: { gameId: string }[] };
    // A game is listed by its first event: one whose first event was deleted is reached by its id alone.
    const listed = FORGERIES.map((f) => f.gameId).filter((gameId) => gameId !== 'created-deleted');
    expect(games.map((game) => game.gameId).sort()).toEqual([...listed, 'sound'].sort());
  });

  it.each([
    ['the organiser', true],
    ['the public', false],
  ])(
    'GET /events for %s: every stored event once, each damaged one as a stand-in naming its game and revision',
    async (_who, organiser) => {
      const client = organiser ? api.organiser : api.as();
      const { events, more } = (await client.get(`/events?limit=5000`).expect(200)).body as {
        events: { gameId: string; revision: number; type: string; position: number; data: Record<string, unknown> }[];
        more: boolean;
      };
      expect(more).toBe(false);
      expect(events).toHaveLength(total);
      const positions = events.map((event) => event.position);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      const standIns = events.filter((event) => event.type === DAMAGED_EVENT);
      for (const { gameId, revision } of FORGERIES.filter(
        (f) => f.gameId !== 'created-deleted' && f.gameId !== 'minion-id',
      )) {
        expect(standIns).toContainEqual(
          expect.objectContaining({ gameId, data: expect.objectContaining({ damagedRevision: revision }) }),
        );
      }
      expect(events.filter((event) => event.gameId === 'sound').every((event) => event.type !== DAMAGED_EVENT)).toBe(
        true,
      );
      if (!organiser) {
        // Nobody but the organiser is told why: a reason may quote what is stored.
        expect(standIns.every((event) => !String(event.data.reason).includes('data.'))).toBe(true);
      }
    },
  );

  it.each([
    ['the organiser', true],
    ['the public', false],
  ])(
    'GET /events/stream for %s delivers every stored event, and a consumer resuming after a stand-in goes on',
    async (_who, organiser) => {
      const headers: Record<string, string> = organiser ? { Authorization: `Bearer ${api.organiserToken}` } : {};
      const lines = await SseClient.read(`${api.url}/events/stream`, headers, total);
      expect(lines).toHaveLength(total);
      const first = lines.findIndex((event) => (JSON.parse(event.data) as { type: string }).type === DAMAGED_EVENT);
      expect(first).toBeGreaterThanOrEqual(0);
      const resumed = await SseClient.read(
        `${api.url}/events/stream`,
        { ...headers, 'Last-Event-ID': lines[first]!.id! },
        total - first - 1,
      );
      expect(resumed.map((event) => event.id)).toEqual(lines.slice(first + 1).map((event) => event.id));
    },
  );
});
