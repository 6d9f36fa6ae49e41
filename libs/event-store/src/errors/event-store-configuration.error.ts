/**
 * The store works, but not in a way this service can use, until an operator changes it: the configured user may
 * not read `$all`, or the server is a version the adapter does not support. Retrying does not help. The API
 * answers 500 with this explanation in its log.
 */
export class EventStoreConfigurationError extends Error {
  override readonly name = 'EventStoreConfigurationError';

  constructor(detail: string, options?: { cause?: unknown }) {
    super(`event store configuration: ${detail}`, options);
  }
}
