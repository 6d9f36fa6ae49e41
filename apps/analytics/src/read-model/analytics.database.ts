import type { RecordedEvent } from '@app/event-store';
import type { OnApplicationShutdown } from '@nestjs/common';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { applyAnalyticsSchema, PROJECTION_NAME } from './analytics.schema';
import { ReadModelsProjection } from './read-models.projection';

/** Where the consumer stands: the global position of the last applied event and how many it has applied. */
export interface Checkpoint {
  position: number;
  events: number;
}

/** The headline totals of the progress line, read in one statement each. */
export interface Progress {
  events: number;
  /** Each game's last revision seen + 1, summed: compared with the source's head, how far behind the consumer is. */
  seenEvents: number;
  games: number;
  casts: number;
  squandered: number;
  minionsDied: number;
  mostSquandered: { spell: string; squandered: number } | undefined;
}

/**
 * The consumer's own SQLite file: read models plus checkpoint. `applyBatch` is the only writer, and writes a
 * batch's read-model changes and the new checkpoint in ONE transaction: a crash leaves either all of it or none.
 */
export class AnalyticsDatabase implements OnApplicationShutdown {
  readonly db: Database.Database;
  private readonly projection: ReadModelsProjection;
  private readonly readCheckpoint: Database.Statement<[string], Checkpoint>;
  private readonly writeCheckpoint: Database.Statement<[string, number, number]>;
  private readonly applyAll: (events: readonly RecordedEvent[]) => number;
  private readonly readTotals: Database.Statement<
    [],
    { seen: number; games: number; casts: number; squandered: number; died: number }
  >;
  private readonly readMostSquandered: Database.Statement<[], { spell: string; squandered: number }>;

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode survives a process crash (the case the checkpoint is about); FULL would add power loss.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    applyAnalyticsSchema(this.db);
    this.projection = new ReadModelsProjection(this.db);
    this.readCheckpoint = this.db.prepare('SELECT position, events FROM checkpoints WHERE projection = ?');
    this.writeCheckpoint = this.db.prepare(
      'INSERT INTO checkpoints (projection, position, events) VALUES (?, ?, ?) ' +
        'ON CONFLICT (projection) DO UPDATE SET position = excluded.position, events = excluded.events',
    );
    const transaction = this.db.transaction((events: readonly RecordedEvent[]): number => {
      const before = this.checkpoint();
      // Under the write lock, anything at or before the stored checkpoint is already counted: skipping it keeps
      // two consumers started on the same file (or a subscription resumed from a stale position) exact.
      const fresh = before ? events.filter((event) => event.position > before.position) : events;
      const last = fresh.at(-1);
      if (last === undefined) return 0;
      for (const event of fresh) this.projection.apply(event);
      this.writeCheckpoint.run(PROJECTION_NAME, last.position, (before?.events ?? 0) + fresh.length);
      return fresh.length;
    });
    this.readTotals = this.db.prepare(
      'SELECT COALESCE(SUM(last_revision + 1), 0) AS seen, COUNT(*) AS games, COALESCE(SUM(casts), 0) AS casts, ' +
        'COALESCE(SUM(squandered), 0) AS squandered, COALESCE(SUM(minions_died), 0) AS died FROM game_totals',
    );
    this.readMostSquandered = this.db.prepare(
      'SELECT spell, squandered FROM spell_totals WHERE squandered > 0 ORDER BY squandered DESC, spell LIMIT 1',
    );
    // IMMEDIATE: take the write lock before reading the checkpoint, so no other writer slips in between.
    this.applyAll = (events) => transaction.immediate(events);
  }

  /** The stored checkpoint, or undefined before the first batch (then: start at the beginning of the log). */
  checkpoint(): Checkpoint | undefined {
    return this.readCheckpoint.get(PROJECTION_NAME);
  }

  progress(): Progress {
    const totals = this.readTotals.get()!;
    return {
      events: this.checkpoint()?.events ?? 0,
      seenEvents: totals.seen,
      games: totals.games,
      casts: totals.casts,
      squandered: totals.squandered,
      minionsDied: totals.died,
      mostSquandered: this.readMostSquandered.get(),
    };
  }

  /** Applies events (in global order) and moves the checkpoint, atomically; returns how many were new. */
  applyBatch(events: readonly RecordedEvent[]): number {
    return events.length === 0 ? 0 : this.applyAll(events);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** After the projector has stopped (its beforeApplicationShutdown), so the last batch is already written. */
  onApplicationShutdown(): void {
    this.close();
  }
}
