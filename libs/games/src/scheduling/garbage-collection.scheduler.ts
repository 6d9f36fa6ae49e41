import {
  CheckpointAheadOfStoreError,
  DamagedEventError,
  EventStore,
  EventStoreConfigurationError,
  EventStoreUnavailableError,
} from '@app/event-store';
import type { RecordedEvent } from '@app/event-store';
import { CommandRejected } from '@app/rules';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Observable, Subject, type Subscription, defer, mergeMap, retry, tap, throwError, timer } from 'rxjs';
import { RecentEntriesCache } from '../caching/recent-entries.cache';
import { GameCommandService } from '../commands/game-command.service';
import { GameNotFoundError } from '../games.errors';
import { GAMES_OPTIONS, type GamesOptions } from '../games.options';
import { GAME_STREAM_PREFIX, gameIdOfStream } from '../game-stream';
import { gameEvents } from '../loading/game-events.reader';
import { damageOf } from '../recording/stored-game-event';
import { CollectionCheckpointStore } from './collection-checkpoint.store';
import { COLLECTED, PendingCollections, SCHEDULED } from './pending-collections';
import { pause, retryDelayMs } from './retry-delay';

const FILTER = { streamPrefix: GAME_STREAM_PREFIX, eventTypes: [SCHEDULED, COLLECTED] };

/**
 * A turn another process executed is that process's to collect (it does so at once); this one collects it only if
 * it is still not collected after this long — that process died, or has no scheduler. Until then, a collection
 * every scheduler started at once would be refused in all but one, each after loading the game.
 */
const OTHER_PROCESS_GRACE_MS = 1000;

/** How many collections this process remembers having taken on, so that the same one is not started twice. */
const REMEMBERED_COLLECTIONS = 10_000;

interface Job {
  gameId: string;
  turn: number;
  correlationId: string;
}

/**
 * T1's end-of-turn garbage collection as a scheduled command. A turn's append records GarbageCollectionScheduled;
 * this scheduler carries it out as its own command (CollectGarbage), and it always happens while any scheduler
 * runs:
 * - a turn this process executes is collected at once, from the command service's own report (onRecorded), not
 *   when the store's subscription delivers it: with a store over the network that is a round trip later, after the
 *   players' next order could already have been refused for the turn's garbage not being collected yet;
 * - at start it reads the global stream from its checkpoint (CollectionCheckpointStore), not from the beginning,
 *   and collects whatever is still pending (a crash or restart between the two loses nothing); then it follows the
 *   live stream, and a lost subscription is taken up again from where it was, with a backoff;
 * - a collection that fails (the store locked or down, a conflict that outlived its retries) is tried again with a
 *   backoff until it is recorded, or the rules say it already was;
 * - a damaged event (not valid JSON) is skipped with a log line: it stops no other game's collection.
 * Exactly once: the command appends with the expected revision and the rules refuse a second collection of the
 * same turn, so a race between two schedulers (two processes) or a replayed event records nothing twice.
 */
@Injectable()
export class GarbageCollectionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GarbageCollectionScheduler.name);
  private readonly work = new Subject<Job>();
  private readonly checkpoints: CollectionCheckpointStore;
  private subscriptions: Subscription[] = [];
  private stopListening: (() => void) | undefined;
  /** `<gameId>/<turn>` of the collections taken on (from either source), so each is started once. */
  private readonly taken = new RecentEntriesCache<string, true>(REMEMBERED_COLLECTIONS);
  /** Collections read from the live stream, waiting out the grace that the process which executed the turn has. */
  private readonly waiting = new Map<string, Job>();
  private idleWaiters: (() => void)[] = [];
  private inFlight = 0;
  private failedAttempts = 0;
  private collected = 0;
  private pending = new PendingCollections(undefined);
  private written: { position: number | undefined; at: number } = { position: undefined, at: Date.now() };
  private stop!: () => void;
  private readonly stopped = new Promise<void>((resolve) => (this.stop = resolve));
  private running = false;
  /** Failed reads in a row, for their backoff. */
  private attempts = 0;

  constructor(
    private readonly store: EventStore,
    private readonly commands: GameCommandService,
    @Inject(GAMES_OPTIONS) private readonly options: GamesOptions,
  ) {
    this.checkpoints = new CollectionCheckpointStore(store);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.runScheduler) await this.start();
  }

  onApplicationShutdown(): void {
    this.running = false;
    this.stop();
    this.stopListening?.();
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
  }

  async start(): Promise<void> {
    this.running = true;
    // Every game's collection starts at once (one game's commands still run one at a time, in arrival order, in
    // GameCommandService): queued behind another game's, it would reach its game's queue after the players' next
    // order, which the rules refuse until the turn's garbage is collected.
    this.subscriptions.push(this.work.pipe(mergeMap((job) => this.collect(job))).subscribe());
    this.stopListening = this.commands.onRecorded((gameId, events) => {
      for (const event of events) {
        if (event.type !== SCHEDULED) continue;
        const turn = event.data.turn;
        this.take({ gameId, turn, correlationId: String(event.metadata.correlationId ?? '') }, 0);
      }
    });
    const from = await this.untilDone('read the garbage-collection checkpoint', () => this.checkpoints.read());
    this.pending = new PendingCollections(from);
    this.written = { position: from, at: Date.now() };
    await this.catchUp();
    if (this.pending.size > 0) this.logger.log(`resuming ${this.pending.size} scheduled garbage collection(s)`);
    this.subscriptions.push(this.follow().subscribe());
  }

  /** Resolves once every garbage collection enqueued so far has been carried out (for tests and shutdown). */
  whenIdle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** How many collection attempts failed and were retried since start (for tests and operators). */
  get retriedAttempts(): number {
    return this.failedAttempts;
  }

  /** Collections this process carried out (recorded) since start. */
  get collectedCount(): number {
    return this.collected;
  }

  /** Scheduled collections not yet seen carried out, as far as the global stream has been read (the backlog). */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Reads what was recorded after the checkpoint, skipping damaged events, and takes on what is pending. */
  private async catchUp(): Promise<void> {
    for (;;) {
      try {
        for await (const event of this.store.allEvents({ fromPosition: this.pending.readPosition, filter: FILTER })) {
          this.note(event, 0);
        }
        this.attempts = 0;
        return;
      } catch (error) {
        await this.backOff('read the scheduled garbage collections', error);
        if (!this.running) return;
      }
    }
  }

  /** The live stream after what was read, taken up again from there whenever the store is lost. */
  private follow(): Observable<RecordedEvent> {
    return defer(() => this.store.subscribe({ fromPosition: this.pending.readPosition, filter: FILTER })).pipe(
      tap((event) => this.note(event, OTHER_PROCESS_GRACE_MS)),
      retry({
        resetOnSuccess: true,
        delay: (error: unknown, attempt: number) => {
          if (error instanceof CheckpointAheadOfStoreError) return defer(() => this.startOverAfterLostEvents(error));
          if (!(error instanceof EventStoreUnavailableError)) {
            this.logger.error(`garbage-collection subscription failed for good: ${describe(error)}`);
            return throwError(() => error);
          }
          this.logger.warn(`garbage-collection subscription lost (${describe(error)}): resubscribing`);
          return timer(retryDelayMs(attempt));
        },
      }),
    );
  }

  /**
   * The store lost events this scheduler had read (a failover to a standby that had not received them): what it
   * knew of them is dropped, and it reads again from the checkpoint the store itself kept, so that turns scheduled
   * again under the same positions are collected too.
   */
  private async startOverAfterLostEvents(error: CheckpointAheadOfStoreError): Promise<void> {
    this.logger.error(`garbage-collection subscription: ${error.message}; reading again from the stored checkpoint`);
    this.taken.forgetAll();
    const from = await this.untilDone('read the garbage-collection checkpoint', () => this.checkpoints.read());
    this.pending = new PendingCollections(from);
    this.written = { position: from, at: Date.now() };
    await this.catchUp();
  }

  private note(event: RecordedEvent, graceMs: number): void {
    if (this.isDamaged(event)) {
      this.pending.skip(event.position);
    } else {
      const scheduled = this.pending.note(event);
      const gameId = gameIdOfStream(event.stream);
      if (scheduled !== null && gameId !== null) {
        const job = { gameId, turn: (event.data as { turn: number }).turn, correlationId: correlationOf(event) };
        this.take(job, graceMs);
      }
    }
    void this.saveCheckpoint();
  }

  /** A damaged event is passed over, with a log line naming it: it stops no other game's collections. */
  private isDamaged(event: RecordedEvent): boolean {
    const damage = damageOf(event);
    if (damage !== null) this.logger.error(`skipping ${damage.message}; its game's collections need an organiser`);
    return damage !== null;
  }

  /**
   * Starts the collection, unless this process already took it on (then the command would only be refused). One
   * read from the live stream waits `graceMs` first; this process's own report of the same turn starts it at once.
   */
  private take(job: Job, graceMs: number): void {
    const key = `${job.gameId}/${job.turn}`;
    if (graceMs === 0 && this.waiting.delete(key)) {
      // Read from the store first (a notification can overtake the append's own answer): it is ours after all.
      this.taken.remember(key, true);
      this.work.next(job);
      return;
    }
    // This process's own report is always of a turn just scheduled: one taken before under the same key was
    // scheduled again after a failover lost its collection (the rules refuse a second collection anyway).
    if ((graceMs > 0 && this.taken.get(key)) || this.waiting.has(key)) return;
    this.inFlight += 1;
    if (graceMs === 0) {
      this.taken.remember(key, true);
      this.work.next(job);
      return;
    }
    this.waiting.set(key, job);
    void pause(graceMs, this.stopped).then(async () => {
      if (!this.waiting.delete(key)) return; // started meanwhile
      this.taken.remember(key, true);
      let skip = !this.running;
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
  private async collectedAlready(job: Job): Promise<boolean> {
    const latest = gameEvents(this.store, job.gameId, { direction: 'backwards', pageSize: 20, maxCount: 1000 });
    for await (const event of latest) {
      if (event.type === COLLECTED && event.data.turn === job.turn) return true;
      if (event.type === SCHEDULED && event.data.turn === job.turn) return false;
    }
    return false;
  }

  /** Carries one collection out, trying again after any failure but the rules' word that it is already done. */
  private async collect(job: Job): Promise<void> {
    try {
      for (let attempt = 1; this.running; attempt += 1) {
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
          this.collected += 1;
          return;
        } catch (error) {
          if (isFinal(error)) {
            // Already collected (by another process, or before a restart): exactly once means nothing more to do.
            if (!(error instanceof CommandRejected && error.kind === 'phase')) {
              this.logger.error(`garbage collection of ${job.gameId} turn ${job.turn} refused: ${describe(error)}`);
            }
            return;
          }
          this.failedAttempts += 1;
          this.logger.warn(
            `garbage collection of ${job.gameId} turn ${job.turn} failed (${describe(error)}); trying again`,
          );
          await pause(retryDelayMs(attempt), this.stopped);
        }
      }
    } finally {
      this.finished();
    }
  }

  private finished(): void {
    this.inFlight -= 1;
    if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /**
   * Writes the safe checkpoint when it has moved far enough, or long enough ago: seldom, so that the stream stays
   * short, and a start still reads only the recent tail of the global stream.
   */
  private async saveCheckpoint(): Promise<void> {
    const position = this.pending.safeCheckpoint;
    if (position === undefined || position === this.written.position) return;
    const moved = position - (this.written.position ?? 0);
    const { everyPositions, everyMs } = this.options.collectionCheckpoint;
    const due = moved >= everyPositions || Date.now() - this.written.at >= everyMs;
    if (!due) return;
    this.written = { position, at: Date.now() };
    try {
      await this.checkpoints.write(position);
    } catch (error) {
      // Only costs a longer read at the next start.
      this.logger.warn(`garbage-collection checkpoint not saved: ${describe(error)}`);
    }
  }

  /** Runs `task` until it succeeds, backing off between attempts (the store may be down at start). */
  private async untilDone<T>(what: string, task: () => Promise<T>): Promise<T | undefined> {
    for (;;) {
      try {
        const done = await task();
        this.attempts = 0;
        return done;
      } catch (error) {
        await this.backOff(what, error);
        if (!this.running) return undefined;
      }
    }
  }

  /** Waits before another try while the store is unavailable; any other failure (a store set up wrongly) is thrown. */
  private async backOff(what: string, error: unknown): Promise<void> {
    if (!(error instanceof EventStoreUnavailableError)) throw error;
    this.attempts += 1;
    this.logger.warn(`could not ${what} (${describe(error)}); trying again`);
    await pause(retryDelayMs(this.attempts), this.stopped);
  }
}

/** Failures no retry can mend: the rules refused the command, the game is gone or damaged, the store is set up wrongly. */
function isFinal(error: unknown): boolean {
  return (
    error instanceof CommandRejected ||
    error instanceof GameNotFoundError ||
    error instanceof DamagedEventError ||
    error instanceof EventStoreConfigurationError
  );
}

function correlationOf(event: RecordedEvent): string {
  return String(event.metadata.correlationId ?? '');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
