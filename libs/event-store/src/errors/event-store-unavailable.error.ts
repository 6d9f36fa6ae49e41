/**
 * The store cannot be reached or used right now (server down, deadline exceeded, database locked or closed).
 * The API maps this to 503; the operation may be retried later. `cause` keeps the driver's error.
 */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';

  constructor(detail: string, options?: { cause?: unknown }) {
    super(`event store unavailable: ${detail}`, options);
  }
}
