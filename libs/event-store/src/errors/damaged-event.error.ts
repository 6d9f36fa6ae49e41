/**
 * A stored event that cannot be read back (its data or metadata is not valid JSON): the store's copy was damaged
 * outside the service. Names where it is, so that a reader can report it, or skip past it where it may.
 */
export class DamagedEventError extends Error {
  override readonly name = 'DamagedEventError';

  constructor(
    readonly stream: string,
    readonly revision: number,
    readonly position: number,
    options?: { cause?: unknown },
  ) {
    super(
      `stored event ${revision} of ${stream} (global position ${position}) is damaged: it is not valid JSON`,
      options,
    );
  }
}
