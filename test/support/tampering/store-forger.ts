import type { GameEventLine } from '@app/games';

/** A snapshot row as the store keeps it: its revision and its body's text. */
export interface StoredSnapshotRow {
  revision: number;
  state: string;
}

/**
 * Someone with write access to a store's tables, working behind the service's back: what `tamper` forged is written
 * over a game's rows, byte for byte as given (numbers and nesting JSON.stringify cannot write included).
 */
export interface StoreForger {
  /** The game's snapshots, as stored. */
  snapshots(gameId: string): Promise<StoredSnapshotRow[]>;
  /** Replaces every row of the game with these events (each at the position the original's row at its index had). */
  writeGame(gameId: string, events: readonly GameEventLine[], positions: readonly number[]): Promise<void>;
  /** Replaces the body of the game's snapshot at this revision. */
  writeSnapshot(gameId: string, snapshot: StoredSnapshotRow): Promise<void>;
  close(): Promise<void>;
}
