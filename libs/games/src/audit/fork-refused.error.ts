/** A fork that cannot be made as asked (HTTP 422): the point is mid-command, or the origin's chain is broken. */
export class ForkRefusedError extends Error {
  constructor(
    readonly gameId: string,
    message: string,
  ) {
    super(message);
    this.name = 'ForkRefusedError';
  }
}
