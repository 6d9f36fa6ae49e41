/**
 * The store refused an append as larger than it takes in one go (EventStoreDB's MaxAppendSize). Nothing of the
 * batch was written, and the same batch will always be refused: the caller must produce less in one append.
 * The API answers 413.
 */
export class AppendTooLargeError extends Error {
  override readonly name = 'AppendTooLargeError';

  constructor(
    readonly stream: string,
    /** The batch's size as the store counts it (bytes of data, metadata and type names). */
    readonly size: number,
    /** The store's largest append, in bytes, when it said. */
    readonly maxAppendSize: number | undefined,
    options?: { cause?: unknown },
  ) {
    const limit = maxAppendSize === undefined ? 'its largest append' : `its largest append of ${maxAppendSize} bytes`;
    super(`the event store refused ${size} bytes of events for stream '${stream}': more than ${limit}`, options);
  }
}
