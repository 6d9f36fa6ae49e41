import { createStores } from '@app/event-store';
import type { EventStoreOptions, Snapshot } from '@app/event-store';
import { SnapshotStore } from '@app/event-store';
import { DEFAULT_GAMES_OPTIONS, GameRepository } from '@app/games';
import type { GamesOptions } from '@app/games';
import * as fs from 'node:fs';
import type { BenchRow } from './bench-result.model';
import { argument, check, figure, main, row, storeArgument } from './bench-result.model';
import type { MillionEventFixture } from './million-event.fixture';
import { seededRandom } from '@app/rules/testing';
import { collectGarbage, distribution, nowMs } from './timing.kit';

const SAMPLES = 1000;
const WARM_UP = 50;
/** Full folds are seconds each: a few revisions, each also loaded through the snapshots for a paired ratio. */
const FULL_FOLDS = 4;

/** No snapshots at all: every load folds from revision 0 (the baseline). */
class NoSnapshots extends SnapshotStore {
  async saveSnapshot(): Promise<void> {}
  async loadSnapshot(): Promise<Snapshot | null> {
    return null;
  }
  async deleteSnapshots(): Promise<number> {
    return 0;
  }
  async deleteSnapshotsExcept(): Promise<number> {
    return 0;
  }
}

/**
 * Time travel: `GameRepository.loadAt(game, revision)` (latest snapshot at or before the revision, then the events
 * after it) at seeded random revisions of the million-event game, against folding from revision 0 through the
 * same repository with no snapshots. The game is read from the fixture's SQLite file, or from `store` (the same
 * game copied into postgres).
 */
export async function timeTravelBench(fixture: MillionEventFixture, store?: EventStoreOptions): Promise<BenchRow[]> {
  const storeOptions: EventStoreOptions = store ?? { kind: 'sqlite', sqlitePath: fixture.path };
  const stores = await createStores(storeOptions);
  const options: GamesOptions = { ...DEFAULT_GAMES_OPTIONS, store: storeOptions };
  const onPostgres = storeOptions.kind === 'postgres';
  const withSnapshots = new GameRepository(stores.eventStore, stores.snapshotStore, options);
  const fromZero = new GameRepository(stores.eventStore, new NoSnapshots(), options);
  const random = seededRandom(2024);
  const revisionAt = () => Math.floor(random() * fixture.events);

  const load = async (revision: number) => {
    const start = nowMs();
    const game = await withSnapshots.loadAt(fixture.gameId, revision);
    const ms = nowMs() - start;
    if (game.revision !== revision || game.state.version !== revision + 1)
      throw new Error(`wrong state at ${revision}`);
    return ms;
  };
  for (let i = 0; i < WARM_UP; i += 1) await load(revisionAt());
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) samples.push(await load(revisionAt()));

  // Paired: the same revision folded from 0 and loaded through snapshots (median of 5 loads).
  const pairs: { revision: number; fullMs: number; snapshotMs: number }[] = [];
  for (let i = 0; i < FULL_FOLDS; i += 1) {
    const revision = revisionAt();
    collectGarbage();
    const start = nowMs();
    const full = await fromZero.loadAt(fixture.gameId, revision);
    const fullMs = nowMs() - start;
    const viaSnapshots = await withSnapshots.loadAt(fixture.gameId, revision);
    if (JSON.stringify(full.state) !== JSON.stringify(viaSnapshots.state)) {
      throw new Error(`revision ${revision}: the snapshot path and the full fold disagree`);
    }
    const repeats: number[] = [];
    for (let k = 0; k < 5; k += 1) repeats.push(await load(revision));
    pairs.push({ revision, fullMs, snapshotMs: distribution(repeats).median });
  }

  // Heap taken by a loaded state (what a cached or time-travelled game costs): 20 held at once, averaged.
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const held = [];
  for (let i = 0; i < 20; i += 1) held.push(await withSnapshots.loadAt(fixture.gameId, revisionAt()));
  collectGarbage();
  const heapOfState = (process.memoryUsage().heapUsed - heapBefore) / held.length;
  await stores.close();

  const loads = distribution(samples);
  const full = distribution(pairs.map((p) => p.fullMs));
  const speedups = distribution(pairs.map((p) => p.fullMs / p.snapshotMs));
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return [
    row({
      id: onPostgres ? 'postgres-time-travel' : 'time-travel',
      what: `time travel${onPostgres ? ' on postgres' : ''}: state at a random revision of a 1,000,000-event game`,
      workload:
        `one game of ${fixture.events.toLocaleString('en')} events (${fixture.turns} big-board turns) in ` +
        `${onPostgres ? 'PostgreSQL (a local throwaway server)' : 'SQLite'}, ` +
        `${fixture.snapshots} snapshots (every 1,000 revisions and at turn ends); ${SAMPLES} seeded random ` +
        `revisions via GameRepository.loadAt; ${FULL_FOLDS} full folds`,
      measured: figure('loadAt through snapshots', 'ms', loads),
      baseline: figure('loadAt folding from revision 0', 'ms', full),
      ratio: { label: 'full fold / snapshot load at the same revision (median)', value: speedups.median },
      target: 'p99 ≤ 5 ms; ≥ 100× faster than the full fold; snapshot memory reported',
      checks: [
        check('snapshot load p99', loads.p99, 'max', 5, 'ms'),
        check('speed-up over the full fold (median)', speedups.median, 'min', 100, '×'),
      ],
      details: {
        snapshots: fixture.snapshots,
        snapshotMb: mb(fixture.snapshotBytes),
        meanSnapshotKb: Math.round(fixture.snapshotBytes / fixture.snapshots / 1024),
        largestSnapshotKb: Math.round(fixture.largestSnapshotBytes / 1024),
        storeFileMb: mb(fixture.fileBytes),
        heapPerLoadedStateMb: mb(heapOfState),
        fixtureBuildMs: fixture.buildMs,
        loadMs: loads,
        pairs,
      },
    }),
  ];
}

if (require.main === module) {
  const fixture = JSON.parse(fs.readFileSync(argument('fixture') as string, 'utf8')) as MillionEventFixture;
  main(() => timeTravelBench(fixture, storeArgument()));
}
