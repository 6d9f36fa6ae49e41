import { EventStore, EventStoreUnavailableError } from '@app/event-store';
import type { RecordedEvent } from '@app/event-store';
import { CommandRejected } from '@app/rules';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Subject, type Subscription, mergeMap } from 'rxjs';
import { GameCommandService } from '../commands/game-command.service';
import { GAMES_OPTIONS, type GamesOptions } from '../games.options';
import { GAME_STREAM_PREFIX, gameIdOfStream } from '../game-stream';

const SCHEDULED = 'GarbageCollectionScheduled';
const COLLECTED = 'GarbageCollected';

/** While the store is unavailable, a collection is tried again after this long, doubling up to the most. */
const RETRY_FIRST_MS = 250;
const RETRY_MOST_MS = 5000;

/**
 * T1's end-of-turn garbage collection as a scheduled command. A turn's append records GarbageCollectionScheduled;
 * this scheduler carries it out as its own command (CollectGarbage). At start it reads every scheduled and
 * collected turn from the global stream and collects whatever is still pending (a crash or restart between the
 * two loses nothing), then follows the live stream. Exactly once: the command appends with the expected
 * revision and the rules refuse a second collection of the same turn, so a race between two schedulers (two
 * processes) or a replayed event records nothing twice. A store that is unavailable for a while (a database
 * restarting) delays a collection, never drops it: it is tried again until it is done or the service stops, and a
 * subscription that fails is opened again after its last event.
 */
@Injectable()
export class GarbageCollectionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GarbageCollectionScheduler.name);
  private readonly work = new Subject<{ gameId: string; turn: number; correlationId: string }>();
  private subscriptions: Subscription[] = [];
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
            this.enqueue(event);
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

  private enqueue(event: RecordedEvent): void {
    const gameId = gameIdOfStream(event.stream);
    if (gameId === null) return;
    this.inFlight += 1;
    this.work.next({
      gameId,
      turn: (event.data as { turn: number }).turn,
      correlationId: String(event.metadata.correlationId ?? ''),
    });
  }

  private async collect(job: { gameId: string; turn: number; correlationId: string }): Promise<void> {
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
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }
}
