/**
 * A reader's checkpoint is past what the store now holds: events it read are gone (a failover to a standby that had
 * not received them cuts the log back), and the positions or revisions after `keptThrough` are handed out again to
 * new events. Resuming after the checkpoint would skip those new events without a word, so the reader is told
 * instead: it must read again from `keptThrough` or earlier (and drop what it built from the lost events).
 */
export class CheckpointAheadOfStoreError extends Error {
  override readonly name = 'CheckpointAheadOfStoreError';

  constructor(
    readonly checkpoint: number,
    readonly keptThrough: number,
    readonly unit: 'position' | 'revision',
    readonly stream?: string,
  ) {
    const where = unit === 'position' ? 'the log' : `stream ${stream}`;
    super(
      `cannot resume after ${unit} ${checkpoint}: ${where} holds no more than ${unit} ${keptThrough} of what was ` +
        `read there — the events after it are gone (e.g. lost in a failover to a standby that had not received ` +
        `them), or the checkpoint was never one this store handed out; their numbers may belong to other events ` +
        `now: read again from ${keptThrough} or earlier`,
    );
  }
}
