/**
 * What a verifier was handed cannot be used at all (a line that is not JSON, keys that are no keys): no verdict can
 * be given on it. The message names the file and the place; the command line exits 2 with it, the page shows it.
 */
export class UnusableInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnusableInputError';
  }
}
