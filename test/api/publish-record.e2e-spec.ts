import * as path from 'node:path';
import { type GameEventLine, type Receipt, statementsOfText, verificationKeysOfText, verifyExport } from '@app/games';
import { type ApiClient, type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { type SecretGame, VIEWERS, type ViewerName, clientsOf, leaks, playSecretGame } from './support/secret-game';
import { readEvents } from './support/scenario.http-player';

const GAME_ID = 'secrets';

/** The lines of an export as `sanctum export` writes them: one stored event a line. */
const exportOf = (events: readonly GameEventLine[]) => events.map((event) => `${JSON.stringify(event)}\n`).join('');

/**
 * Issue #28, 2: the organiser publishes a finished game's whole record [A] (POST /games/:id/publish, recorded as the
 * game's last event, GameRecordPublished), after which GET /games/:id/export hands anyone the record as stored —
 * hidden orders, hands, decks, seed and chain secret — so that anyone can re-simulate it. Before, the export is the
 * organiser's alone and nothing hidden leaves through either door; a game that goes on is refused (422, rule A), a
 * second publication too (409: the record is already public), and a retry under the same Idempotency-Key answers
 * the first publication's answer.
 */
describe('publishing a finished game’s record (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let game: SecretGame;
  let clients: Record<ViewerName, ApiClient>;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    game = await playSecretGame(api, GAME_ID);
    clients = clientsOf(api, game.tokens);
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  const lastRevision = async () => (await readEvents(api, GAME_ID)).length - 1;

  /** What each viewer but the organiser gets from the two new doors: refusals that hold nothing hidden. */
  async function refusedToOthers(stage: string): Promise<void> {
    for (const viewer of VIEWERS.filter((name) => name !== 'organiser')) {
      const exported = await clients[viewer].get(`/games/${GAME_ID}/export`);
      expect([stage, viewer, exported.status]).toEqual([stage, viewer, 403]);
      expect(exported.body.message).toMatch(/^the record of game secrets is not public/);
      const publish = await clients[viewer].post(`/games/${GAME_ID}/publish`);
      expect([stage, viewer, publish.status]).toEqual([stage, viewer, viewer === 'spectator' ? 401 : 403]);
      for (const answer of [exported, publish]) {
        expect([stage, viewer, leaks(answer.text, game.markers, viewer, -1)]).toEqual([stage, viewer, []]);
      }
    }
  }

  it('while the game goes on: the export is the organiser’s, the record as stored; publishing is refused by rule A', async () => {
    const before = await lastRevision();
    await refusedToOthers('live');
    const exported = await clients.organiser.get(`/games/${GAME_ID}/export`).expect(200);
    expect(exported.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(exported.text).toBe(exportOf(await readEvents(api, GAME_ID)));
    const refused = await clients.organiser.post(`/games/${GAME_ID}/publish`).expect(422);
    expect(refused.body).toMatchObject({
      rule: 'A',
      reason: "only a finished game's record may be published: the game goes on (turn 2, orders phase)",
    });
    expect(await lastRevision()).toBe(before);
  });

  it('once the game has ended, and until the record is published, it is still the organiser’s alone', async () => {
    await clients.organiser
      .post(`/games/${GAME_ID}/result`)
      .send({ winner: 'red', reason: 'blue left the hall' })
      .expect(200);
    await refusedToOthers('ended');
  });

  it('the organiser publishes it: one event, the last, seen by everyone; its receipt is everyone’s', async () => {
    const published = await clients.organiser
      .post(`/games/${GAME_ID}/publish`)
      .set('Idempotency-Key', 'publish-secrets')
      .expect(200);
    const events = await readEvents(api, GAME_ID);
    const last = events.at(-1) as GameEventLine;
    expect(last).toMatchObject({ type: 'GameRecordPublished', data: {}, metadata: { rule: 'A' } });
    expect(published.body).toMatchObject({
      revision: last.revision,
      receipt: { gameId: GAME_ID, revision: last.revision, commandId: 'publish-secrets', result: { winner: 'red' } },
    });
    for (const viewer of VIEWERS) {
      const seen = (await clients[viewer].get(`/games/${GAME_ID}/events?from=${last.revision}`).expect(200)).body;
      expect([viewer, seen.events.map((event: GameEventLine) => event.type)]).toEqual([
        viewer,
        ['GameRecordPublished'],
      ]);
      const receipts = (await clients[viewer].get(`/games/${GAME_ID}/receipts`).expect(200)).body.receipts as Receipt[];
      expect([viewer, receipts.at(-1)]).toEqual([viewer, published.body.receipt]);
    }
  });

  it('then anyone gets the whole record, byte for byte the organiser’s, every secret in it, and it verifies', async () => {
    const whole = (await clients.organiser.get(`/games/${GAME_ID}/export`).expect(200)).text;
    for (const viewer of VIEWERS) {
      const exported = await clients[viewer].get(`/games/${GAME_ID}/export`).expect(200);
      expect([viewer, exported.text === whole]).toEqual([viewer, true]);
    }
    for (const marker of game.markers) expect([marker.name, whole.includes(marker.text)]).toEqual([marker.name, true]);
    // What a spectator does with it: the record re-simulated, holding the public receipts, against the listed keys.
    const keysText = (await api.as().get('/.well-known/sanctum-keys').expect(200)).text;
    const receipts = (await api.as().get(`/games/${GAME_ID}/receipts`).expect(200)).body.receipts as Receipt[];
    const verification = await verifyExport({
      name: 'secrets.jsonl',
      chunks: [whole],
      receipts: {
        statements: statementsOfText(receipts.map((r) => JSON.stringify(r)).join('\n'), 'public.jsonl', 'receipt'),
        keys: await verificationKeysOfText(keysText, 'keys.json'),
      },
    });
    expect(verification.lines.at(-1)).toBe(
      'verdict: VERIFIED: every event is as recorded, and the engine derives exactly these events, and the game holds every receipt',
    );
  });

  it('a second publication is refused (409) and records nothing; a retry of the first answers the first answer', async () => {
    const before = await lastRevision();
    const again = await clients.organiser.post(`/games/${GAME_ID}/publish`).expect(409);
    expect(again.body).toMatchObject({
      rule: 'A',
      reason: 'the record of this game is already public: red wins (the organiser’s adjudication, turn 2)',
    });
    const retried = await clients.organiser
      .post(`/games/${GAME_ID}/publish`)
      .set('Idempotency-Key', 'publish-secrets')
      .expect(200);
    expect(retried.body.revision).toBe(before);
    expect(await lastRevision()).toBe(before);
  });

  it('an unknown game is a 404 at both doors, a malformed id a 400', async () => {
    await clients.organiser.post('/games/no-such-game/publish').expect(404);
    await clients.spectator.get('/games/no-such-game/export').expect(404);
    await clients.organiser.get('/games/-bad-/export').expect(400);
  });
});
