import { EventStore, EventStoreUnavailableError } from '@app/event-store';
import type { RecordedEvent } from '@app/event-store';
import { CommandRejected } from '@app/rules';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Subject, type Subscription, mergeMap } from 'rxjs';
import { RecentEntriesCache } from '../caching/recent-entries.cache';
import { GameCommandService } from '../commands/game-command.service';
import { GAMES_OPTIONS, type GamesOptions } from '../games.options';
import { GAME_STREAM_PREFIX, gameIdOfStream, gameStream } from '../game-stream';

const SCHEDULED = 'GarbageCollectionScheduled';
const COLLECTED = 'GarbageCollected';

/**
 * A turn another process executed is that process's to collect (it does so at once); this one collects it only if
 * it is still not collected after this long — that process died, or has no scheduler. Until then, a collection
 * every scheduler started at once would be refused in all but one, each after loading the game.
 */
const OTHER_PROCESS_GRACE_MS = 1000;

/** How many collections this process remembers having taken on, so that the same one is not started twice. */
const REMEMBERED_COLLECTIONS = 10_000;

/** While the store is unavailable, a collection is tried again after this long, doubling up to the most. */
const RETRY_FIRST_MS = 250;
const RETRY_MOST_MS = 5000;

interface CollectionJob {
  gameId: string;
  turn: number;
  correlationId: string;
}

/**
 * T1's end-of-turn garbage collection as a scheduled command. A turn's append records GarbageCollectionScheduled;
 * this scheduler carries it out as its own command (CollectGarbage). At start it reads every scheduled and
 * collected turn from the global stream and collects whatever is still pending (a crash or restart between the
 * two loses nothing), then follows the live stream. Exactly once: the command appends with the expected
 * revision and the rules refuse a second collection of the same turn, so a race between two schedulers (two
 * processes) or a replayed event records nothing twice. A store that is unavailable for a while (a database
 * restarting) delays a collection, never drops it: it is tried again until it is done or the service stops, and a
 * subscription that fails is opened again after its last event.
 *
 * A turn this process executes is collected at once, from the command service's own report (onRecorded), not when
 * the store's subscription delivers it: with a store over the network that is a round trip later, after the
 * players' next order could already have been refused for the turn's garbage not being collected yet.
 */
@Injectable()
export class GarbageCollectionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GarbageCollectionScheduler.name);
  private readonly work = new Subject<CollectionJob>();
  private subscriptions: Subscription[] = [];
  private stopListening: (() => void) | undefined;
  /** `<gameId>/<turn>` of the collections taken on (from either source), so each is started once. */
  private readonly taken = new RecentEntriesCache<string, true>(REMEMBERED_COLLECTIONS);
  /** Collections read from the store, waiting out the grace that the process which executed the turn has. */
  private readonly waiting = new Map<string, CollectionJob>();
  private idleWaiters: (() => void)[] = [];
  private inFlight = 0;
  private stopped = false;
  private readonly retryTimers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();

  constructor(
    private readonly store: EventStore,
    private readonly commands: GameCommandService,
    @Inject(GAMES_OPTIONS) private readonly options: GamesOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.runScheduler) await this.start();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    this.stopListening?.();
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
    for (const retry of this.retryTimers) {
      clearTimeout(retry.timer);
      retry.wake();
    }
  }

  async start(): Promise<void> {
    // Every game's collection starts at once (one game's commands still run one at a time, in arrival order, in
    // GameCommandService): queued behind another game's, it would reach its game's queue after the players' next
    // order, which the rules refuse until the turn's garbage is collected.
    this.subscriptions.push(this.work.pipe(mergeMap((job) => this.collect(job))).subscribe());
    this.stopListening = this.commands.onRecorded((gameId, events) => {
      for (const event of events) {
        if (event.type !== SCHEDULED) continue;
        const turn = (event.data as { turn: number }).turn;
        this.take({ gameId, turn, correlationId: String(event.metadata.correlationId ?? '') });
      }
    });
    const filter = { streamPrefix: GAME_STREAM_PREFIX, eventTypes: [SCHEDULED, COLLECTED] };
    const pending = new Map<string, RecordedEvent>();
    let checkpoint: number | undefined;
    for await (const event of this.store.allEvents({ filter })) {
      const key = `${event.stream}/${String((event.data as { turn: number }).turn)}`;
      if (event.type === SCHEDULED) pending.set(key, event);
      else pending.delete(key);
      checkpoint = event.position;
    }
    for (const event of pending.values()) this.enqueue(event);
    this.follow(checkpoint);
    if (pending.size > 0) this.logger.log(`resuming ${pending.size} scheduled garbage collection(s)`);
  }

  /** Resolves once every garbage collection enqueued so far has been carried out (for tests and shutdown). */
  whenIdle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** The live scheduled collections after `checkpoint`; a failed subscription opens again after its last event. */
  private follow(checkpoint: number | undefined): void {
    let last = checkpoint;
    this.subscriptions.push(
      this.store
        .subscribe({ fromPosition: last, filter: { streamPrefix: GAME_STREAM_PREFIX, eventTypes: [SCHEDULED] } })
        .subscribe({
          next: (event) => {
            last = event.position;
            this.enqueue(event, OTHER_PROCESS_GRACE_MS);
          },
          error: (error: Error) => {
            if (this.stopped) return;
            this.logger.error(`garbage-collection subscription failed, opening it again: ${error.message}`);
            void this.pause(RETRY_MOST_MS).then(() => {
              if (!this.stopped) this.follow(last);
            });
          },
        }),
    );
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const retry = {
        timer: setTimeout(() => {
          this.retryTimers.delete(retry);
          resolve();
        }, ms),
        wake: resolve,
      };
      this.retryTimers.add(retry);
    });
  }

  /** A scheduled collection read from the store; after `graceMs`, unless another process has collected it. */
  private enqueue(event: RecordedEvent, graceMs = 0): void {
    const gameId = gameIdOfStream(event.stream);
    if (gameId === null) return;
    this.take(
      {
        gameId,
        turn: (event.data as { turn: number }).turn,
        correlationId: String(event.metadata.correlationId ?? ''),
      },
      graceMs,
    );
  }

  /**
   * Starts the collection, unless this process already took it on (then the command would only be refused). One
   * read from the store waits `graceMs` first; this process's own report of the same turn starts it at once.
   */
  private take(job: CollectionJob, graceMs = 0): void {
    const key = `${job.gameId}/${job.turn}`;
    if (graceMs === 0 && this.waiting.delete(key)) {
      // Read from the store first (a notification can overtake the append's own answer): it is ours after all.
      this.taken.remember(key, true);
      this.work.next(job);
      return;
    }
    if (this.taken.get(key) || this.waiting.has(key)) return;
    this.inFlight += 1;
    if (graceMs === 0) {
      this.taken.remember(key, true);
      this.work.next(job);
      return;
    }
    this.waiting.set(key, job);
    void this.pause(graceMs).then(async () => {
      if (!this.waiting.delete(key)) return; // started meanwhile
      this.taken.remember(key, true);
      let skip = this.stopped;
      try {
        skip ||= await this.collectedAlready(job);
      } catch {
        // Could not tell: the command itself will say.
      }
      if (skip) this.finished();
      else this.work.next(job);
    });
  }

  /** Whether the game's latest events already hold the turn's collection (read back to the turn's scheduling). */
  private async collectedAlready(job: CollectionJob): Promise<boolean> {
    const latest = this.store.streamEvents(gameStream(job.gameId), {
      direction: 'backwards',
      pageSize: 20,
      maxCount: 1000,
    });
    for await (const event of latest) {
      const turn = (event.data as { turn?: number } | null)?.turn;
      if (event.type === COLLECTED && turn === job.turn) return true;
      if (event.type === SCHEDULED && turn === job.turn) return false;
    }
    return false;
  }

  private finished(): void {
    this.inFlight -= 1;
    if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async collect(job: CollectionJob): Promise<void> {
    try {
      for (let delay = RETRY_FIRST_MS; ; delay = Math.min(delay * 2, RETRY_MOST_MS)) {
        try {
          await this.commands.handle(
            job.gameId,
            'CollectGarbage',
            { turn: job.turn },
            {
              commandId: `collect-garbage/${job.gameId}/turn-${job.turn}`,
              correlationId: job.correlationId || undefined,
            },
          );
          return;
        } catch (error) {
          // Already collected (by another process, or before a restart): exactly once means nothing more to do.
          if (error instanceof CommandRejected && error.kind === 'phase') return;
          if (!(error instanceof EventStoreUnavailableError) || this.stopped) {
            this.logger.error(`garbage collection of ${job.gameId} turn ${job.turn} failed: ${error}`);
            return;
          }
          if (delay === RETRY_FIRST_MS) {
            this.logger.warn(`garbage collection of ${job.gameId} turn ${job.turn} waits for the store: ${error}`);
          }
          await this.pause(delay);
        }
      }
    } finally {
      this.finished();
    }
  }
}
