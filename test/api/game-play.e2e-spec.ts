import * as path from 'node:path';
import { type GameEventLine, eventHash, genesisHash } from '@app/games';
import { REPO_ROOT } from '../support/repo-root';
import { runSimulate } from '../support/run-cli';
import { unchainedMetadata } from '../support/unchained-metadata';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { countOf, playScenario, readEvents, readScenario, waitForEvents } from './support/scenario.http-player';

/** Two turns: a bolt kills an archer (death), the mend on it squanders, attacks, a discard, two collections. */
const SCENARIO = 'examples/bolt-and-blade.scenario.json';
const GAME_ID = 'bolt-and-blade-http';

/**
 * The scheduler runs the garbage collection as its own command with its own id; the CLI names it after the
 * turn. Everything else (including every other command id, sent as Idempotency-Key) must be identical.
 */
function asCliWouldRecord(line: GameEventLine): GameEventLine {
  const metadata = unchainedMetadata(line.metadata);
  const rename = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.replace(new RegExp(`^collect-garbage/${GAME_ID}/(turn-\\d+)$`), '$1/collect')
      : value;
  return {
    ...line,
    metadata: { ...metadata, commandId: rename(metadata.commandId), causationId: rename(metadata.causationId) },
  };
}

describe('a whole game through HTTP (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let cliLines: GameEventLine[];
  let events: GameEventLine[];

  beforeAll(async () => {
    // The CLI runs in its own process meanwhile: its events are the reference.
    const cli = runSimulate(SCENARIO, '--game-id', GAME_ID);
    api = await startApi(path.join(dir, 'sanctum.db'));
    await playScenario(api, readScenario(path.join(REPO_ROOT, SCENARIO)), GAME_ID);
    events = await readEvents(api, GAME_ID);
    const run = await cli;
    expect(run.exitCode).toBe(0);
    cliLines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as GameEventLine);
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('reaches a death, a squander and both garbage collections', () => {
    expect(countOf(events, 'MinionDied')).toBeGreaterThanOrEqual(1);
    expect(countOf(events, 'SpellSquandered')).toBeGreaterThanOrEqual(1);
    expect(countOf(events, 'GarbageCollectionScheduled')).toBe(2);
    expect(countOf(events, 'GarbageCollected')).toBe(2);
  });

  it('records exactly the events the CLI prints for the same file', () => {
    expect(events.map(asCliWouldRecord)).toEqual(cliLines);
  });

  it('chains every event to the one before it (docs/design.md)', () => {
    let previous = genesisHash(GAME_ID, String(events[0].metadata.chainSecret));
    for (const event of events) {
      expect(event.metadata.prevHash).toBe(previous);
      expect(event.metadata.hash).toBe(eventHash(previous, event));
      previous = String(event.metadata.hash);
    }
  });

  it('filters events by revision range and type', async () => {
    const died = await readEvents(api, GAME_ID, '?types=MinionDied,SpellSquandered');
    expect(died).toEqual(events.filter((event) => ['MinionDied', 'SpellSquandered'].includes(event.type)));
    expect(await readEvents(api, GAME_ID, '?from=5&to=9')).toEqual(events.slice(5, 10));
    expect(await readEvents(api, GAME_ID, `?from=${events.length + 10}`)).toEqual([]);
  });

  it('lists the game, standing in the orders phase of turn 3', async () => {
    // Public: no token needed, and nothing but where each game stands, who plays, and how it ended (issue #27).
    const response = await api.as().get('/games').expect(200);
    expect(response.body.games).toEqual([
      {
        gameId: GAME_ID,
        revision: events.length - 1,
        turn: 3,
        phase: 'orders',
        name: 'bolt and blade',
        players: { red: { house: 'war' }, blue: { house: 'life' } },
        turnLimit: null,
        status: 'live',
        result: null,
      },
    ]);
  });

  it('answers orders with their id, cancels them, and tells which confirmation executed the turn', async () => {
    const gameId = 'second-game';
    // Every acknowledged command is answered with its signed receipt (see receipts.e2e-spec.ts).
    const receiptAt = (revision: number) =>
      expect.objectContaining({ gameId, revision, signature: expect.any(String) });
    const scenario = readScenario(path.join(REPO_ROOT, SCENARIO));
    const { turns: _turns, ...setup } = scenario;
    const created = await api.organiser
      .post('/games')
      .send({ ...setup, gameId })
      .expect(201);
    expect(created.body).toEqual({
      gameId,
      revision: 6,
      playerTokens: {
        red: expect.stringMatching(/^second-game\.red\./),
        blue: expect.stringMatching(/^second-game\.blue\./),
      },
      receipt: receiptAt(6),
    });
    expect(created.headers.location).toBe(`/games/${gameId}`);
    const red = api.as(created.body.playerTokens.red);
    const blue = api.as(created.body.playerTokens.blue);

    const bolt = await red
      .post(`/games/${gameId}/orders`)
      .send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer' } })
      .expect(201);
    expect(bolt.body).toEqual({ orderId: expect.stringMatching(/^order\.\d+$/), revision: 7, receipt: receiptAt(7) });
    const cancelled = await red.delete(`/games/${gameId}/orders/${bolt.body.orderId}?player=red`).expect(200);
    expect(cancelled.body).toEqual({ revision: 8, receipt: receiptAt(8) });
    const [untargeted] = await readEvents(api, gameId, '?from=8');
    expect(untargeted).toMatchObject({ type: 'SpellUntargeted', data: { orderId: bolt.body.orderId } });

    const discard = await blue.post(`/games/${gameId}/orders`).send({ player: 'blue', discard: 'mend' }).expect(201);
    expect(discard.body.revision).toBe(9);
    const redConfirmed = await red.post(`/games/${gameId}/confirm`).send({ player: 'red' }).expect(200);
    expect(redConfirmed.body).toEqual({ revision: 10, executed: false, receipt: receiptAt(10) });
    const blueConfirmed = await blue.post(`/games/${gameId}/confirm`).send({ player: 'blue' }).expect(200);
    expect(blueConfirmed.body.executed).toBe(true);
    const all = await waitForEvents(api, gameId, (lines) => countOf(lines, 'GarbageCollected') === 1);
    expect(all[blueConfirmed.body.revision]).toMatchObject({ type: 'GarbageCollectionScheduled' });
  });

  it('generates a game id when none is given', async () => {
    const { turns: _turns, ...setup } = readScenario(path.join(REPO_ROOT, SCENARIO));
    const created = await api.organiser.post('/games').send(setup).expect(201);
    expect(created.body.gameId).toMatch(/^g-[0-9a-f]{16}$/);
  });
});
