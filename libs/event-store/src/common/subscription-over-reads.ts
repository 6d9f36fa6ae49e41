import type { Observable } from 'rxjs';
import type { ReadAllOptions, ReadStreamOptions, RecordedEvent, SubscribeOptions } from '../event-store.types';
import { type CatchUpSource, catchUpSubscription } from './catch-up-subscription';
import { matchesFilter } from './event-filter';

/** The reads of a store that its subscriptions page through. */
export interface PagedReads {
  readStream(stream: string, options: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
}

/** How a store wakes its subscriptions and reports their failures. */
export type SubscriptionWakeUp = Pick<CatchUpSource, 'notifier' | 'mapError' | 'outlast'>;

/**
 * A subscription of the port as a catch-up subscription over the store's own reads: one stream by revision (its
 * read has no filter, so the event types are filtered here), or `$all` by position (its read applies the filter).
 */
export function subscriptionOverReads(
  reads: PagedReads,
  options: SubscribeOptions,
  wakeUp: SubscriptionWakeUp,
  pageSize: number | undefined,
): Observable<RecordedEvent> {
  if (options.stream !== undefined) {
    const { stream, filter } = options;
    return catchUpSubscription(
      {
        ...wakeUp,
        readAfter: (after, limit) =>
          reads.readStream(stream, { from: after === undefined ? 0 : after + 1, maxCount: limit }),
        checkpointOf: (e) => e.revision,
        accept: filter ? (e) => matchesFilter(e, filter) : undefined,
      },
      options.fromRevision,
      pageSize,
    );
  }
  const { filter } = options;
  return catchUpSubscription(
    {
      ...wakeUp,
      readAfter: (after, limit) => reads.readAll({ fromPosition: after, maxCount: limit, filter }),
      checkpointOf: (e) => e.position,
    },
    options.fromPosition,
    pageSize,
  );
}
