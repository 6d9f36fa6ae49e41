import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { Subject } from 'rxjs';
import { GarbageCollectionScheduler } from '@app/games';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { errorBody } from '../errors/error-body';

/**
 * Graceful shutdown. Nest closes the HTTP server before the shutdown hooks that close the store, and closing it
 * destroys every connection still open. So first, here: event streams are ended, new commands and streams are
 * refused (503 with Retry-After), and shutdown waits until every response under way (an append among them) and any
 * garbage collection in progress has finished. On a signal (SIGTERM from an orchestrator) the server goes on
 * listening for the whole SHUTDOWN_GRACE_MS, answering reads and refusing commands, instead of closing as soon as
 * nothing is under way: a client sending just after the signal gets an answer it can act on, not a reset or a
 * refused connection, while whatever routes traffic here notices the service is going.
 */
@Injectable()
export class RequestDrain implements BeforeApplicationShutdown {
  private readonly logger = new Logger(RequestDrain.name);
  private readonly closing = new Subject<void>();
  private draining = false;
  /** performance.now() when the server stops listening (during the grace after a signal). */
  private closesAt = 0;
  private open = 0;
  private idleWaiters: (() => void)[] = [];

  /** Emits (and completes) when shutdown starts: event streams end on it. */
  readonly closing$ = this.closing.asObservable();

  constructor(
    private readonly scheduler: GarbageCollectionScheduler,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  get isDraining(): boolean {
    return this.draining;
  }

  /** Whole seconds until this process stops listening (1 at least): when to come back, to it or its successor. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.closesAt - performance.now()) / 1000));
  }

  /** Refuses new work once shutdown has started. */
  assertOpen(): void {
    if (this.draining) {
      throw new ServiceUnavailableException(
        errorBody(503, `the server is shutting down; nothing was recorded, try again in ${this.retryAfterSeconds} s`),
      );
    }
  }

  /** Counts a response as under way until it has been sent (or its connection dropped). */
  track(response: ServerResponse): void {
    this.open += 1;
    response.once('close', () => {
      this.open -= 1;
      if (this.open === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  /** `signal`: set when a process signal started the shutdown, not `app.close()` (tests, the CLI). */
  async beforeApplicationShutdown(signal?: string): Promise<void> {
    const grace = this.config.shutdownGraceMs;
    this.draining = true;
    this.closesAt = performance.now() + (signal === undefined ? 0 : grace);
    this.closing.next();
    this.closing.complete();
    const work = this.within(Promise.all([this.responsesDone(), this.scheduler.whenIdle()]), grace);
    const [finished] = await Promise.all([work, signal === undefined ? undefined : this.sleep(grace)]);
    if (!finished) this.logger.warn(`shutting down with ${this.open} response(s) still under way`);
  }

  private responsesDone(): Promise<void> {
    if (this.open === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  private async within(work: Promise<unknown>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    try {
      return await Promise.race([work.then(() => true as const), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
