import {
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  BACKWARDS,
  END,
  type EventStoreDBClient,
  START,
  excludeSystemEvents,
} from '@eventstore/db-client';
import { EventStoreUnavailableError } from '../errors/event-store-unavailable.error';
import type { RecordedEvent } from '../event-store.types';
import { consumeRead } from './esdb-bounded-read';
import { mapEsdbError } from './esdb-error-mapping';
import { fromEsdbEvent } from './esdb-recorded-event';
import { type EsdbRetryPolicy, backoffDelayMs, withEsdbRetries } from './esdb-retry.policy';

export interface LiveFeedListener {
  /** Every non-system event of `$all` committed after the listener joined, once, in order. */
  event(event: RecordedEvent): void;
  /** The feed cannot go on (a refusal that retrying does not mend); the listener has been dropped. */
  failed(error: unknown): void;
}

type FeedClient = Pick<EventStoreDBClient, 'subscribeToAll' | 'readAll'>;

const positionOf = (resolved: AllStreamResolvedEvent) => resolved.commitPosition ?? resolved.event?.position?.commit;

/**
 * ONE `$all` subscription per store, fanned out in-process to every live subscriber (SSE viewers, the
 * garbage-collection scheduler, analytics). Each gRPC subscription holds an HTTP/2 stream, and the server serves
 * 100 per connection: one per viewer would leave the commands' reads waiting forever at about a hundred viewers.
 * The server filters out system events; each subscriber's own filter is applied in-process.
 *
 * It recovers by itself: a lost connection, a server restart, a leader change or a server-side end of the
 * subscription resubscribes after the last position received, with backoff, so listeners see only a pause.
 * Only a refusal (access denied, an unsupported server) fails them. It runs while it has listeners.
 */
export class EsdbLiveFeed {
  private readonly listeners = new Set<LiveFeedListener>();
  private subscription: AllStreamSubscription | undefined;
  /** The last position received (at start: the head of the log, null for an empty log); the next one continues after it. */
  private checkpoint: bigint | null | undefined;
  private starting: Promise<void> | undefined;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  /** Bumped by every stop, so that a start or retry begun before it does nothing after it. */
  private generation = 0;

  constructor(
    private readonly client: FeedClient,
    private readonly policy: EsdbRetryPolicy,
  ) {}

  get size(): number {
    return this.listeners.size;
  }

  /**
   * Adds a listener. Resolves, with the function that removes it, once every event committed from now on is
   * sure to reach it (the feed knows where it starts); rejects if the feed cannot start.
   */
  async join(listener: LiveFeedListener): Promise<() => void> {
    this.listeners.add(listener);
    try {
      await this.start();
    } catch (error) {
      this.listeners.delete(listener);
      throw error;
    }
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.stop();
    };
  }

  /** Drops every listener without telling them (the store completes its subscriptions itself). */
  close(): void {
    this.listeners.clear();
    this.stop();
  }

  private start(): Promise<void> {
    if (!this.starting) {
      const generation = this.generation;
      this.starting = withEsdbRetries(() => this.head(), this.policy).then(
        (head) => {
          if (generation !== this.generation) return;
          this.checkpoint = head;
          if (this.listeners.size > 0) this.connect();
        },
        (error: unknown) => {
          if (generation === this.generation) this.starting = undefined;
          throw mapEsdbError(error, { doing: 'reading $all' });
        },
      );
    }
    return this.starting;
  }

  /** The position of the last record of `$all` (any record: the subscription continues after it), or null. */
  private async head(): Promise<bigint | null> {
    let head: bigint | null = null;
    await consumeRead(this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }), (resolved) => {
      head = positionOf(resolved) ?? null;
      return false;
    });
    return head;
  }

  private connect(): void {
    const checkpoint = this.checkpoint;
    const subscription = this.client.subscribeToAll({
      fromPosition:
        checkpoint === null || checkpoint === undefined ? START : { commit: checkpoint, prepare: checkpoint },
      filter: excludeSystemEvents(),
    });
    this.subscription = subscription;
    subscription.on('data', (resolved: AllStreamResolvedEvent) => {
      if (this.subscription !== subscription) return;
      const position = positionOf(resolved);
      if (position === undefined || (typeof this.checkpoint === 'bigint' && position <= this.checkpoint)) return;
      this.checkpoint = position;
      this.failures = 0;
      let event: RecordedEvent | null;
      try {
        event = fromEsdbEvent(resolved);
      } catch (error) {
        this.fail(error);
        return;
      }
      if (event) for (const listener of [...this.listeners]) listener.event(event);
    });
    subscription.on('error', (error: Error) => this.lost(subscription, error));
    // A subscription never ends by itself: a server that ends one has dropped it (shutdown, leader change).
    subscription.on('end', () =>
      this.lost(subscription, new EventStoreUnavailableError('eventstoredb ended the $all subscription')),
    );
  }

  private lost(subscription: AllStreamSubscription, error: unknown): void {
    if (this.subscription !== subscription) return;
    this.subscription = undefined;
    subscription.unsubscribe().catch(() => undefined);
    const mapped = mapEsdbError(error, { doing: 'subscribing to $all' });
    if (!(mapped instanceof EventStoreUnavailableError)) {
      this.fail(mapped);
      return;
    }
    this.failures += 1;
    const generation = this.generation;
    this.retry = setTimeout(
      () => {
        this.retry = undefined;
        if (generation === this.generation && this.listeners.size > 0) this.connect();
      },
      backoffDelayMs(this.failures, this.policy),
    );
  }

  private fail(error: unknown): void {
    const listeners = [...this.listeners];
    this.listeners.clear();
    this.stop();
    for (const listener of listeners) listener.failed(error);
  }

  private stop(): void {
    this.generation += 1;
    this.starting = undefined;
    this.checkpoint = undefined;
    this.failures = 0;
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    subscription?.unsubscribe().catch(() => undefined);
  }
}
