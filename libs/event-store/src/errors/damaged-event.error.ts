/**
 * A stored event that cannot be used as what its stream holds: its content cannot be read back (RecordedEvent.damage),
 * or its reader finds it is not what it must be (a game event of the wrong shape, one that does not follow from the
 * events before it). The store's copy was changed outside the service. Names where it is and why, so that a reader
 * can report it, or skip past it where it may.
 */
export class DamagedEventError extends Error {
  override readonly name = 'DamagedEventError';

  constructor(
    readonly stream: string,
    readonly revision: number,
    /** Its global position; null for an event that is missing from its stream (it has none). */
    readonly position: number | null,
    /** Why, in words: `its data is not valid JSON`, `data.minionId must be string`, … */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    const where = position === null ? '' : ` (global position ${position})`;
    super(`stored event ${revision} of ${stream}${where} is damaged: ${reason}`, options);
  }
}
