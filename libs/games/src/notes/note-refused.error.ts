/** A note the service will not write: malformed (400, each problem naming its field) or one too many (409). */
export class NoteRefusedError extends Error {
  constructor(
    readonly kind: 'invalid' | 'full',
    readonly problems: string[],
  ) {
    super(problems.join('; '));
    this.name = 'NoteRefusedError';
  }
}
