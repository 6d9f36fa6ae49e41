import { EventStore } from '@app/event-store';
import type { RecordedEvent } from '@app/event-store';
import { CommandRejected } from '@app/rules';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Subject, type Subscription, mergeMap } from 'rxjs';
import { GameCommandService } from '../commands/game-command.service';
import { GAMES_OPTIONS, type GamesOptions } from '../games.options';
import { GAME_STREAM_PREFIX, gameIdOfStream } from '../game-stream';

const SCHEDULED = 'GarbageCollectionScheduled';
const COLLECTED = 'GarbageCollected';

/**
 * T1's end-of-turn garbage collection as a scheduled command. A turn's append records GarbageCollectionScheduled;
 * this scheduler carries it out as its own command (CollectGarbage). At start it reads every scheduled and
 * collected turn from the global stream and collects whatever is still pending (a crash or restart between the
 * two loses nothing), then follows the live stream. Exactly once: the command appends with the expected
 * revision and the rules refuse a second collection of the same turn, so a race between two schedulers (two
 * processes) or a replayed event records nothing twice.
 */
@Injectable()
export class GarbageCollectionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GarbageCollectionScheduler.name);
  private readonly work = new Subject<{ gameId: string; turn: number; correlationId: string }>();
  private subscriptions: Subscription[] = [];
  private idleWaiters: (() => void)[] = [];
  private inFlight = 0;

  constructor(
    private readonly store: EventStore,
    private readonly commands: GameCommandService,
    @Inject(GAMES_OPTIONS) private readonly options: GamesOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.runScheduler) await this.start();
  }

  onApplicationShutdown(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
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
    this.subscriptions.push(
      this.store
        .subscribe({ fromPosition: checkpoint, filter: { streamPrefix: GAME_STREAM_PREFIX, eventTypes: [SCHEDULED] } })
        .subscribe({
          next: (event) => this.enqueue(event),
          error: (error: Error) => this.logger.error(`garbage-collection subscription failed: ${error.message}`),
        }),
    );
    if (pending.size > 0) this.logger.log(`resuming ${pending.size} scheduled garbage collection(s)`);
  }

  /** Resolves once every garbage collection enqueued so far has been carried out (for tests and shutdown). */
  whenIdle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
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
      await this.commands.handle(
        job.gameId,
        'CollectGarbage',
        { turn: job.turn },
        { commandId: `collect-garbage/${job.gameId}/turn-${job.turn}`, correlationId: job.correlationId || undefined },
      );
    } catch (error) {
      // Already collected (by another process, or before a restart): exactly once means nothing more to do.
      if (!(error instanceof CommandRejected && error.kind === 'phase')) {
        this.logger.error(`garbage collection of ${job.gameId} turn ${job.turn} failed: ${(error as Error).message}`);
      }
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }
}
