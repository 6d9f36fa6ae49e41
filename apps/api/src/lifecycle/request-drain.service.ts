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
 * Graceful shutdown. Nest closes the HTTP server before the shutdown hooks that close the store, and the server
 * closes only the connections that are idle at that moment (a busy one is kept until its keep-alive times out).
 * So first, here: event streams are ended, new commands and streams are refused (503), and shutdown waits until
 * every response under way (an append among them) and any garbage collection in progress has finished.
 */
@Injectable()
export class RequestDrain implements BeforeApplicationShutdown {
  private readonly logger = new Logger(RequestDrain.name);
  private readonly closing = new Subject<void>();
  private draining = false;
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

  /** Refuses new work once shutdown has started. */
  assertOpen(): void {
    if (this.draining) throw new ServiceUnavailableException(errorBody(503, 'the server is shutting down'));
  }

  /** Counts a response as under way until it has been sent (or its connection dropped). */
  track(response: ServerResponse): void {
    this.open += 1;
    response.once('close', () => {
      this.open -= 1;
      if (this.open === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.draining = true;
    this.closing.next();
    this.closing.complete();
    const finished = await this.within(
      Promise.all([this.responsesDone(), this.scheduler.whenIdle()]),
      this.config.shutdownGraceMs,
    );
    if (!finished) this.logger.warn(`shutting down with ${this.open} response(s) still under way`);
  }

  private responsesDone(): Promise<void> {
    if (this.open === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
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
