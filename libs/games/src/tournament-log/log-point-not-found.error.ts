/** A size, leaf or head the tournament log does not hold (404). */
export class LogPointNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogPointNotFoundError';
  }
}
