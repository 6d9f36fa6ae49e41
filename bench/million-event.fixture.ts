import { createStores } from '@app/event-store';
import type { NewEvent } from '@app/event-store';
import { gameStream } from '@app/games';
import type { DomainEvent } from '@app/rules';
import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import type { SetupDecks } from '@app/games/loading/setup-decks.cache';
import { SNAPSHOT_KEY, encodeSnapshotBody } from '@app/games/loading/snapshot-body.codec';
import { snapshotDue } from '@app/games/loading/snapshot.policy';
import { BIG_BOARD, recordSyntheticGame } from './synthetic-game';
import { nowMs } from './timing.kit';

export const MILLION = 1_000_000;
export const FIXTURE_GAME = 'bench-million';

export interface MillionEventFixture {
  path: string;
  gameId: string;
  events: number;
  turns: number;
  snapshots: number;
  snapshotBytes: number;
  largestSnapshotBytes: number;
  fileBytes: number;
  buildMs: number;
}

/**
 * Stand-in chain links of the real size (64 hex characters each), so rows weigh what stored events weigh. They are
 * not a valid chain: hashing a million events (RFC 8785 + sha256) would take a large part of the bench's time, and
 * neither time travel nor SSE checks links. The audit bench chains its own, smaller game properly.
 */
function fakeLink(revision: number): string {
  return revision.toString(16).padStart(64, '0');
}

/**
 * A SQLite store holding one synthetic big-board game of exactly `events` events, appended in large batches, with
 * the snapshots the command service would have saved (GameRepository.saveSnapshot's bodies, whenever the snapshot
 * policy is due after a command: every 1,000 revisions and at every turn end).
 */
export async function buildMillionEventStore(path: string, events = MILLION): Promise<MillionEventFixture> {
  const started = nowMs();
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path + suffix, { force: true });
  const stores = await createStores({ kind: 'sqlite', sqlitePath: path });
  const stream = gameStream(FIXTURE_GAME);
  let pending: NewEvent[] = [];
  let queued = 0;
  let appended = 0;
  let revision = -1;
  let lastSnapshot: number | undefined;
  let setupDecks: SetupDecks | null = null;
  const saves: Promise<void>[] = [];
  // Called from the synchronous generation loop: the expected revision is counted before the append settles.
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    const expected = queued === 0 ? 'no-stream' : queued - 1;
    pending = [];
    queued += batch.length;
    await stores.eventStore.append(stream, batch, expected);
    appended += batch.length;
  };
  const flushes: Promise<void>[] = [];
  const game = recordSyntheticGame({ ...BIG_BOARD, turns: 3000 }, 7, {
    gameId: FIXTURE_GAME,
    minEvents: events,
    keep: false,
    afterCommand: (state, _command, produced: DomainEvent[]) => {
      const previous = revision;
      for (const event of produced) {
        if (event.type === 'GameCreated') {
          setupDecks = { red: event.data.players.red.deck, blue: event.data.players.blue.deck };
        }
        if (revision + 1 >= events) break;
        revision += 1;
        const metadata = { ...event.metadata, prevHash: fakeLink(revision - 1), hash: fakeLink(revision) };
        pending.push({ type: event.type, data: event.data, metadata });
      }
      // Only commands that fit whole: the snapshot must be the state right after its revision.
      if (revision === previous + produced.length && snapshotDue(previous, revision, produced, 1000, lastSnapshot)) {
        // The body GameRepository.saveSnapshot writes, encoded now: the state changes as soon as this returns. (The
        // repository reads the set-up decks from the store, where the batched appends may not have put them yet.)
        const body = encodeSnapshotBody(state, fakeLink(revision), setupDecks);
        saves.push(stores.snapshotStore.saveSnapshot(stream, revision, SNAPSHOT_KEY, body));
        lastSnapshot = revision;
      }
      if (pending.length >= 20_000) flushes.push(flush());
    },
  });
  await Promise.all(flushes);
  await flush();
  await Promise.all(saves);
  await stores.close();
  if (appended !== events) throw new Error(`the synthetic game gave ${appended} events, not ${events}`);

  const db = new Database(path, { readonly: true });
  const { count, bytes, largest } = db
    .prepare(
      'SELECT COUNT(*) AS count, SUM(LENGTH(state)) AS bytes, MAX(LENGTH(state)) AS largest FROM stream_snapshots',
    )
    .get() as { count: number; bytes: number; largest: number };
  db.close();
  const fileBytes = ['', '-wal'].reduce(
    (sum, suffix) => sum + (fs.statSync(path + suffix, { throwIfNoEntry: false })?.size ?? 0),
    0,
  );
  return {
    path,
    gameId: FIXTURE_GAME,
    events: appended,
    turns: game.turns,
    snapshots: count,
    snapshotBytes: bytes,
    largestSnapshotBytes: largest,
    fileBytes,
    buildMs: Math.round(nowMs() - started),
  };
}

if (require.main === module) {
  const path = process.argv[2];
  if (!path) throw new Error('usage: million-event.fixture.ts PATH [--out FILE]');
  buildMillionEventStore(path).then(
    (fixture) => {
      const at = process.argv.indexOf('--out');
      if (at >= 0) fs.writeFileSync(process.argv[at + 1], JSON.stringify(fixture));
      else console.log(fixture);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
