import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import { type Command, type DomainEvent, execute, initialState, inputCommandOf, startsCommand } from '@app/rules';
import { type GameEventLine, chainEvents, chainSecretOf, gameStream, genesisHash } from '@app/games';

/** A copy of a SQLite store, with its WAL (if any): the forger works on the copy, the original stays as it was. */
export function copyStore(from: string, to: string): void {
  fs.copyFileSync(from, to);
  for (const suffix of ['-wal', '-shm']) if (fs.existsSync(from + suffix)) fs.copyFileSync(from + suffix, to + suffix);
}

/** The input commands of a game, as the audit rebuilds them from the stored events (ids included). */
export function commandsOf(events: GameEventLine[]): Command[] {
  return events.filter((event) => startsCommand(event)).map((event) => inputCommandOf(event) as Command);
}

/**
 * What a forger with the engine does: runs commands through it (`execute`, the service's own decider) and chains the
 * events as the service would — the chain secret (the forger can read it in the store) in GameCreated's metadata,
 * the genesis keyed with it. The result passes the audit: the chain is intact and the engine re-derives every event.
 */
export function rederive(gameId: string, commands: Command[], chainSecret: string | undefined): GameEventLine[] {
  let state = initialState();
  const events: DomainEvent[] = [];
  for (const command of commands) {
    const decision = execute(state, command);
    state = decision.state;
    events.push(...decision.events);
  }
  if (chainSecret !== undefined) {
    events[0] = { ...events[0], metadata: { ...events[0].metadata, chainSecret } } as unknown as DomainEvent;
  }
  return chainEvents(genesisHash(gameId, chainSecret), events).events.map(
    (event, revision) => ({ revision, ...event }) as unknown as GameEventLine,
  );
}

/** The chain secret a stored game records (the forger has the database: it can read it). */
export function recordedSecret(events: GameEventLine[]): string | undefined {
  return chainSecretOf(events[0].metadata) ?? undefined;
}

/** Someone with write access to the SQLite file, editing it with better-sqlite3 behind the service's back. */
export class StoreForger {
  private readonly db: Database.Database;

  constructor(dbPath: string) {
    this.db = new Database(dbPath);
  }

  events(gameId: string): GameEventLine[] {
    const rows = this.db
      .prepare('SELECT revision, type, data, metadata FROM events WHERE stream = ? ORDER BY revision')
      .all(gameStream(gameId)) as { revision: number; type: string; data: string; metadata: string }[];
    return rows.map((row) => ({ ...row, data: JSON.parse(row.data), metadata: JSON.parse(row.metadata) }));
  }

  /** Replaces the game's events from `from` on with `events` (their revisions from `from`), and drops its snapshots. */
  rewriteFrom(gameId: string, from: number, events: GameEventLine[]): void {
    const stream = gameStream(gameId);
    const insert = this.db.prepare(
      'INSERT INTO events (stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM events WHERE stream = ? AND revision >= ?').run(stream, from);
      this.db.prepare('DELETE FROM stream_snapshots WHERE stream = ?').run(stream);
      for (const event of events.slice(from)) {
        const at = new Date().toISOString();
        insert.run(stream, event.revision, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata), at);
      }
    })();
  }

  close(): void {
    this.db.close();
  }
}
