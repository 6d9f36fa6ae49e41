/**
 * The stream was deleted in the store itself (an operator's hard delete on EventStoreDB): it can never be read or
 * written again under that name. Nothing was written. The API answers 410.
 */
export class StreamDeletedError extends Error {
  override readonly name = 'StreamDeletedError';

  constructor(
    readonly stream: string,
    options?: { cause?: unknown },
  ) {
    super(`stream '${stream}' was deleted in the event store`, options);
  }
}
