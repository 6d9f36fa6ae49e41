/** The service could not be reached or answered 5xx: the consumer reconnects after its stored checkpoint. */
export class ServiceUnavailableError extends Error {
  override readonly name = 'ServiceUnavailableError';
}
