import * as path from 'node:path';
import type { GameEventLine } from '@app/games';
import { type DomainEvent, fold } from '@app/rules';
import { REPO_ROOT } from '../support/repo-root';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { playScenario, readEvents, readScenario } from './support/scenario.http-player';

const GAME_ID = 'time-travel';

/** The state the events 0…revision fold to, as JSON would carry it. */
function foldTo(events: GameEventLine[], revision: number): unknown {
  return JSON.parse(JSON.stringify(fold(events.slice(0, revision + 1) as unknown as DomainEvent[])));
}

describe('time travel over HTTP (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let events: GameEventLine[];

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    await playScenario(api, readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json')), GAME_ID);
    events = await readEvents(api, GAME_ID);
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  /** The organiser's time travel: the whole state (the viewers' is test/api/viewers*.e2e-spec.ts). */
  const state = (query: string) => api.organiser.get(`/games/${GAME_ID}/state${query}`);

  it('gives the latest state by default', async () => {
    const response = await state('').expect(200);
    expect(response.body).toEqual({
      gameId: GAME_ID,
      revision: events.length - 1,
      state: foldTo(events, events.length - 1),
    });
  });

  it('gives, at every revision, the fold of the events up to it', async () => {
    for (let revision = 0; revision < events.length; revision += 1) {
      const response = await state(`?at=${revision}`).expect(200);
      expect(response.body.revision).toBe(revision);
      expect(response.body.state).toEqual(foldTo(events, revision));
    }
  });

  it('finds the start and end of every turn and phase the game went through', async () => {
    const points = new Map<string, number[]>();
    events.forEach((event, revision) => {
      const key = `${String(event.metadata.turn)}/${String(event.metadata.phase)}`;
      points.set(key, [...(points.get(key) ?? []), revision]);
    });
    for (const [key, revisions] of points) {
      const [turn, phase] = key.split('/');
      const start = await state(`?turn=${turn}&phase=${phase}&edge=start`).expect(200);
      expect(start.body.revision).toBe(revisions[0]);
      expect(start.body.state).toEqual(foldTo(events, revisions[0]));
      const end = await state(`?turn=${turn}&phase=${phase}&edge=end`).expect(200);
      expect(end.body.revision).toBe(revisions[revisions.length - 1]);
    }
    const lastOfTurn1 = events.map((event) => event.metadata.turn).lastIndexOf(1);
    const turn1 = await state('?turn=1').expect(200);
    expect(turn1.body.revision).toBe(lastOfTurn1);
    expect(turn1.body.state).toEqual(foldTo(events, lastOfTurn1));
    const turn2Start = await state('?turn=2&edge=start').expect(200);
    expect(turn2Start.body.revision).toBe(events.findIndex((event) => event.metadata.turn === 2));
  });

  it('answers 404 for a point the game has not reached, or a game that does not exist', async () => {
    await state(`?at=${events.length}`).expect(404);
    await state('?turn=9').expect(404);
    await api.organiser.get('/games/no-such-game/state').expect(404);
    await api.as().get('/games/no-such-game/state?at=0').expect(404);
  });

  it.each([
    ['?at=-1', 'at must be an integer number'],
    ['?at=abc', 'at must be an integer number'],
    ['?at=1.5', 'at must be an integer number'],
    ['?at=', 'at must be an integer number'],
    ['?at=1&turn=1', 'at cannot be combined with turn'],
    ['?phase=combat', 'phase needs turn'],
    ['?turn=1&phase=lunch', 'phase must be one of the following values'],
    ['?turn=1&edge=middle', 'edge must be one of the following values: start, end'],
    ['?when=now', 'when is not an allowed field'],
  ])('refuses %s with 400 naming the parameter', async (query, message) => {
    const response = await state(query).expect(400);
    expect(response.body.message).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
  });
});
