import type { RecordedEvent } from '@app/event-store';
import { type CaughtUp, isCaughtUp } from '@app/games';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import {
  bufferTime,
  concatMap,
  defer,
  EMPTY,
  type Observable,
  ReplaySubject,
  retry,
  takeUntil,
  throwError,
  timer,
} from 'rxjs';
import { ANALYTICS_CONFIG, type AnalyticsConfig } from '../config/analytics-config';
import { AnalyticsDatabase, type Checkpoint } from '../read-model/analytics.database';
import { AnalyticsSource } from '../source/analytics-source';
import { ProgressReporter } from './progress.reporter';

/** Reconnection back-off while the source is unavailable: 0.5 s, 1 s, 2 s… up to 30 s. */
const retryDelayMs = (attempt: number): number => Math.min(30_000, 500 * 2 ** (attempt - 1));

/**
 * Feeds the global stream into the read models. Exactly once, across crashes: it always resumes after the
 * checkpoint stored in its own database, and every batch is written together with its checkpoint in one SQLite
 * transaction (AnalyticsDatabase.applyBatch). A kill loses at most batches that were never committed, and those
 * are read again after the restart.
 */
@Injectable()
export class AnalyticsProjector implements BeforeApplicationShutdown {
  private readonly logger = new Logger(AnalyticsProjector.name);
  /** Replays its one value, so a subscription made after `stop()` (a retry) ends at once too. */
  private readonly stopped$ = new ReplaySubject<void>(1);
  private stopping = false;
  private running: Promise<unknown> | undefined;
  /** Where the stream said it had caught up, once what it sent before is applied (undefined: not yet). */
  private caughtUp: number | null | undefined;

  constructor(
    private readonly source: AnalyticsSource,
    private readonly database: AnalyticsDatabase,
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
  ) {}

  checkpoint(): Checkpoint | undefined {
    return this.database.checkpoint();
  }

  /** `--once`: applies everything stored right now, one page per transaction, then resolves. */
  catchUp(): Promise<Checkpoint | undefined> {
    return this.track(this.runCatchUp());
  }

  /** Catch-up then live, until `stop()` (or the store closes). Rejects on a failure that a retry cannot mend. */
  follow(): Promise<void> {
    return this.track(
      new Promise<void>((resolve, reject) => {
        this.logStart();
        this.caughtUp = undefined;
        const progress = new ProgressReporter(this.source, this.database, this.config.reportMs, () => this.caughtUp);
        // defer: every (re)subscription starts after the checkpoint as stored at that moment.
        defer(() => this.source.follow(this.database.checkpoint()?.position))
          .pipe(
            takeUntil(this.stopped$),
            // On completion (stop) the last partial batch is still emitted, so nothing read is left unwritten.
            bufferTime(this.config.batchMs, null, this.config.batchSize),
            concatMap((batch) => this.applyFollowed(batch)),
            retry({
              resetOnSuccess: true,
              delay: (error: unknown, attempt: number) => this.retryAfter(error, attempt),
            }),
          )
          .subscribe({
            complete: () => {
              progress.stop();
              this.logEnd('stopped');
              resolve();
            },
            error: (error: unknown) => {
              progress.stop();
              reject(error);
            },
          });
      }),
    );
  }

  /** Stops reading, lets the batches already read be written, and resolves once `follow`/`catchUp` has ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopped$.next();
    await this.running?.catch(() => undefined);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  private async runCatchUp(): Promise<Checkpoint | undefined> {
    this.logStart();
    const pages = this.source.pages(this.database.checkpoint()?.position, this.config.batchSize);
    for await (const page of pages) {
      await this.applyAndPause(page);
      if (this.stopping) break;
    }
    this.logEnd(this.stopping ? 'stopped' : 'caught up');
    return this.database.checkpoint();
  }

  /** A batch of what the source follows: its events applied, then its caught-up noted for the progress line. */
  private async applyFollowed(batch: (RecordedEvent | CaughtUp)[]): Promise<void> {
    const events: RecordedEvent[] = [];
    let caughtUp: CaughtUp | undefined;
    for (const item of batch) {
      if (isCaughtUp(item)) caughtUp = item;
      else events.push(item);
    }
    await this.applyAndPause(events);
    if (caughtUp !== undefined) this.caughtUp = caughtUp.caughtUp;
  }

  private async applyAndPause(batch: RecordedEvent[]): Promise<void> {
    const last = batch.at(-1);
    if (last === undefined) return;
    const applied = this.database.applyBatch(batch);
    this.logger.debug(`applied ${applied} events up to position ${last.position}`);
    if (this.config.throttleMs > 0) await new Promise((resolve) => setTimeout(resolve, this.config.throttleMs));
  }

  /** Only an unavailable source is worth waiting for; anything else (the analytics file itself failing) is fatal. */
  private retryAfter(error: unknown, attempt: number): Observable<unknown> {
    if (!this.source.isTransient(error)) return throwError(() => error);
    // A notifier that completes without a value ends `retry` quietly: that is what a stop should do.
    if (this.stopping) return EMPTY;
    const delay = retryDelayMs(attempt);
    this.logger.warn(`${(error as Error).message}; resubscribing after the stored checkpoint in ${delay} ms`);
    return timer(delay).pipe(takeUntil(this.stopped$));
  }

  private logStart(): void {
    const checkpoint = this.database.checkpoint();
    this.logger.log(
      checkpoint
        ? `reading ${this.source.name}, resuming after position ${checkpoint.position} (${checkpoint.events} events applied so far)`
        : `reading ${this.source.name} from the beginning of the log`,
    );
  }

  private logEnd(how: string): void {
    const checkpoint = this.database.checkpoint();
    this.logger.log(`${how} at position ${checkpoint?.position ?? 'none'} (${checkpoint?.events ?? 0} events applied)`);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.running = work;
    return work;
  }
}
