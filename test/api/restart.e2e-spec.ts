import * as path from 'node:path';
import { EventStore } from '@app/event-store';
import { GarbageCollectionScheduler } from '@app/games';
import { REPO_ROOT } from '../support/repo-root';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { countOf, playScenario, readEvents, readScenario } from './support/scenario.http-player';

const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
const GAME_ID = 'restarted';

/** A started app has read the pending collections at boot; this waits until it has carried them out. */
async function settled(api: ApiTestApp): Promise<void> {
  await api.app.get(GarbageCollectionScheduler).whenIdle();
}

/**
 * docs/design.md: the end-of-turn garbage collection is carried out by the scheduler as its own command, once, also
 * after a restart — and also when two processes' schedulers race for it.
 */
describe('garbage collection across restarts (e2e, SQLite)', () => {
  const dir = makeTempDir();
  const apps: ApiTestApp[] = [];
  const start = async (db: string, gcScheduler: boolean): Promise<ApiTestApp> => {
    const api = await startApi(path.join(dir, db), { gcScheduler });
    apps.push(api);
    return api;
  };

  afterAll(async () => {
    await Promise.all(apps.map((api) => api.close()));
    removeTempDir(dir);
  });

  /** Plays turn 1 to both confirmations on an app without a scheduler, then closes it. */
  async function confirmedTurnOnly(db: string): Promise<void> {
    const first = await start(db, false);
    await playScenario(first, scenario, GAME_ID, { turns: 1, collect: false });
    const events = await readEvents(first, GAME_ID);
    expect(countOf(events, 'GarbageCollectionScheduled')).toBe(1);
    expect(countOf(events, 'GarbageCollected')).toBe(0);
    await first.close();
  }

  it('a collection scheduled before a restart is carried out once by the next app, and never again', async () => {
    await confirmedTurnOnly('restart.db');

    const second = await start('restart.db', true);
    await settled(second);
    const afterSecond = await readEvents(second, GAME_ID);
    expect(countOf(afterSecond, 'GarbageCollected')).toBe(1);
    expect(afterSecond[afterSecond.length - 1].type).toBe('OrdersPhaseStarted');
    await second.close();

    const third = await start('restart.db', true);
    await settled(third);
    expect(await readEvents(third, GAME_ID)).toEqual(afterSecond);
  });

  it('two apps whose schedulers race on the same file record it exactly once', async () => {
    await confirmedTurnOnly('race.db');

    const [one, two] = await Promise.all([start('race.db', true), start('race.db', true)]);
    await Promise.all([settled(one), settled(two)]);
    // Each app polls for the other's appends; give both a few polls to have seen everything.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all([settled(one), settled(two)]);
    const events = await readEvents(one, GAME_ID);
    expect(countOf(events, 'GarbageCollected')).toBe(1);
    expect(await readEvents(two, GAME_ID)).toEqual(events);
  });

  it('when both schedulers decide on the same state, the second append is refused and nothing is recorded twice', async () => {
    await confirmedTurnOnly('lockstep.db');
    const [one, two] = await Promise.all([start('lockstep.db', false), start('lockstep.db', false)]);
    const attempts: string[] = [];
    for (const [name, api] of [
      ['one', one],
      ['two', two],
    ] as const) {
      const store = api.app.get(EventStore);
      const append = store.append.bind(store);
      jest.spyOn(store, 'append').mockImplementation(async (stream, events, expected) => {
        try {
          const result = await append(stream, events, expected);
          attempts.push(`${name}: appended ${events[0]?.type}`);
          return result;
        } catch (error) {
          attempts.push(`${name}: ${(error as Error).name}`);
          throw error;
        }
      });
    }
    // What each app does at boot, started in the same tick: both read the pending collection and act on it.
    await Promise.all([
      one.app.get(GarbageCollectionScheduler).start(),
      two.app.get(GarbageCollectionScheduler).start(),
    ]);
    await Promise.all([settled(one), settled(two)]);
    expect(attempts.sort()).toEqual([
      expect.stringMatching(/appended GarbageCollected$/),
      expect.stringMatching(/WrongExpectedRevisionError$/),
    ]);
    expect(countOf(await readEvents(one, GAME_ID), 'GarbageCollected')).toBe(1);
  });
});
