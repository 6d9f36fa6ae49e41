/** A failure the CLI reports in words, with the exit code that classifies it (see exit-codes.ts). */
export class CliFailure extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
    /** Event lines to print before the message (a game up to a refused order). */
    readonly lines: string[] = [],
  ) {
    super(message);
    this.name = 'CliFailure';
  }
}
