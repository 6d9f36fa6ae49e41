/** A saved fold of a stream: `state` (opaque JSON text for the store) as of `revision`. */
export interface Snapshot {
  revision: number;
  state: string;
}

/**
 * Snapshots are a cache (docs/design.md): deleting them changes no answer, only speed. Keyed by engine
 * version so an engine upgrade never folds on top of a state an older engine produced.
 */
export abstract class SnapshotStore {
  /** Saves (or replaces) the snapshot of `stream` at `revision` for `engineVersion`. */
  abstract saveSnapshot(stream: string, revision: number, engineVersion: string, state: string): Promise<void>;

  /** The latest snapshot for `engineVersion` at or before `atOrBefore` (default: the latest of all), or null. */
  abstract loadSnapshot(stream: string, engineVersion: string, atOrBefore?: number): Promise<Snapshot | null>;

  /** Deletes the snapshots of one stream, or all snapshots. Returns how many were deleted. */
  abstract deleteSnapshots(stream?: string): Promise<number>;

  /**
   * Deletes every snapshot saved for another engine version (and any an earlier build of the store kept
   * elsewhere): after an upgrade nothing can read them again. Returns how many were deleted.
   */
  abstract deleteSnapshotsExcept(engineVersion: string): Promise<number>;
}
