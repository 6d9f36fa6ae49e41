/**
 * Issue #13, item 10: `?types=` naming no event type (`MinionDead` for `MinionDied`) is a mistake, refused with
 * 400 naming the known types, on the event list and both streams; before, it answered "no events" and an empty
 * stream. The refusal is the same for every caller: it lists the vocabulary, which is public, and nothing of a game.
 */
import * as path from 'node:path';
import { DESCRIBED_EVENT_TYPES, REDACTED } from '@app/games';
import { REPO_ROOT } from '../support/repo-root';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { type PlayerTokens, createGame, readScenario, setupBody } from './support/scenario.http-player';

const GAME_ID = 'types';
const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
const ROUTES = [`/games/${GAME_ID}/events`, `/games/${GAME_ID}/events/stream`, '/events/stream'];

describe('?types= names event types of the vocabulary (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let tokens: PlayerTokens;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'), { gcScheduler: false });
    tokens = (await createGame(api, setupBody(scenario, GAME_ID))).playerTokens;
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it.each(ROUTES)(
    '%s?types=MinionDead: 400 naming it and every known type, the same for every caller',
    async (route) => {
      const answers = await Promise.all(
        [api.organiserToken, tokens.red, undefined].map((token) =>
          // A stream that opened would never end: the timeout makes that a quick failure.
          api.as(token).get(`${route}?types=MinionDied,MinionDead`).timeout({ response: 5_000 }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
      }
      const [message] = answers[0].body.message as string[];
      expect(message).toMatch(/^types names no such event type \("MinionDead"\); the event types are GameCreated, /);
      for (const type of [...DESCRIBED_EVENT_TYPES, REDACTED]) expect(message).toContain(type);
      expect(answers.map((answer) => answer.body)).toEqual([answers[0].body, answers[0].body, answers[0].body]);
    },
  );

  it('known types still filter, Redacted among them', async () => {
    const died = await api.organiser.get(`/games/${GAME_ID}/events?types=GameCreated`).expect(200);
    expect(died.body.events.map((event: { type: string }) => event.type)).toEqual(['GameCreated']);
    await api.as().get(`/games/${GAME_ID}/events?types=${REDACTED}`).expect(200);
  });
});
