import { EventStore } from '@app/event-store';

/** The stream where schedulers keep how far every scheduled collection is known to be done. Not a game stream. */
export const CHECKPOINT_STREAM = 'scheduler-garbage-collection';
const CHECKPOINT = 'CollectionCheckpoint';

/**
 * The scheduler's checkpoint of its own, so that its start reads only what came after it instead of every
 * scheduled and collected turn ever recorded. Any scheduler may write it (they all read the same global stream),
 * and it is written seldom, so the stream stays short; its latest event is the checkpoint.
 */
export class CollectionCheckpointStore {
  constructor(private readonly store: EventStore) {}

  async read(): Promise<number | undefined> {
    const [last] = await this.store.readStream(CHECKPOINT_STREAM, { direction: 'backwards', maxCount: 1 });
    const position = (last?.data as { position?: unknown } | undefined)?.position;
    return typeof position === 'number' && Number.isFinite(position) ? position : undefined;
  }

  async write(position: number): Promise<void> {
    await this.store.append(CHECKPOINT_STREAM, [{ type: CHECKPOINT, data: { position }, metadata: {} }], 'any');
  }
}
