import type { ExpectedRevision } from '../event-store.types';

/**
 * The stream was not at the revision the caller expected: someone else appended first. Nothing of the batch was
 * written; the caller should reload and retry (the games layer does so, bounded).
 */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';

  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual last revision, or `'no-stream'`. */
    readonly actual: number | 'no-stream',
  ) {
    super(`wrong expected revision on stream '${stream}': expected ${expected}, actual ${actual}`);
  }
}
