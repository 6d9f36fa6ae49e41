/**
 * A global position the store cannot start from: EventStoreDB's positions are offsets in its log, and one that is
 * not an event's (a made-up `Last-Event-ID`) is refused. A TypeError, as every invalid argument to the port is;
 * the API answers 400.
 */
export class UnknownPositionError extends TypeError {
  override readonly name = 'UnknownPositionError';

  constructor(
    readonly position: number,
    options?: { cause?: unknown },
  ) {
    super(`position ${position} is not the position of an event in this store`, options);
  }
}
