import type { EventStoreOptions } from '@app/event-store';

export interface GamesOptions {
  store: EventStoreOptions;
  /** Save a snapshot whenever a game's revision crosses a multiple of this (plus at every turn end). */
  snapshotEvery: number;
  /** How many times a command is retried on a revision conflict before giving up with 409. */
  maxCommandAttempts: number;
  /** Whether this process runs the end-of-turn garbage-collection scheduler. */
  runScheduler: boolean;
  /** How many games' latest states are kept in memory. */
  cachedGames: number;
  /** When the garbage-collection scheduler writes its checkpoint: once it moved this far, or this long after. */
  collectionCheckpoint: { everyPositions: number; everyMs: number };
}

export const DEFAULT_GAMES_OPTIONS: Omit<GamesOptions, 'store'> = {
  snapshotEvery: 1000,
  maxCommandAttempts: 5,
  runScheduler: true,
  cachedGames: 1000,
  collectionCheckpoint: { everyPositions: 10_000, everyMs: 30_000 },
};

export const GAMES_OPTIONS = Symbol('GAMES_OPTIONS');
