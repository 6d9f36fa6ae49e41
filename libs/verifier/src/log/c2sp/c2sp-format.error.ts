/** A text that is not the C2SP format it claims to be; the message names the line or field. */
export class C2spFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'C2spFormatError';
  }
}
