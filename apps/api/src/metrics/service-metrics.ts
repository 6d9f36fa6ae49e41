import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { GameCommandService, GameReceipts, GarbageCollectionScheduler } from '@app/games';
import { API_CONFIG, type ApiConfig } from '../config/api-config';

/** What a command's HTTP status says, in a few words (bounded: the dashboards group by it). */
export function commandOutcome(status: number): string {
  if (status < 400) return 'ok';
  if (status === 400 || status === 413 || status === 415) return 'invalid';
  if (status === 401 || status === 403) return 'refused';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 422) return 'rejected';
  if (status === 503) return 'unavailable';
  return 'error';
}

export type StreamKind = 'game' | 'global';

/**
 * The service's Prometheus metrics (prom-client), one registry per application: commands by route and outcome
 * and their latency, events recorded, store errors by kind, SSE clients and their delivery lag, the garbage
 * collection scheduler's backlog and work, receipts signed, and Node's own (event-loop delay, memory, CPU, handles).
 * Labels are bounded: routes are Express's route patterns (never a game id), outcomes and kinds fixed words.
 */
@Injectable()
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly commands: Counter<'method' | 'route' | 'outcome'>;
  private readonly commandSeconds: Histogram<'method' | 'route' | 'outcome'>;
  private readonly storeErrors: Counter<'kind'>;
  private readonly sseClients: Gauge<'stream'>;
  private readonly sseLag: Histogram<'stream'>;

  constructor(
    @Inject(API_CONFIG) config: ApiConfig,
    commands: GameCommandService,
    scheduler: GarbageCollectionScheduler,
    receipts: GameReceipts,
  ) {
    const registers = [this.registry];
    if (config.metrics) collectDefaultMetrics({ register: this.registry });
    this.commands = new Counter({
      name: 'sanctum_commands_total',
      help: 'Commands (HTTP requests that may record: POST, DELETE) by route pattern and outcome.',
      labelNames: ['method', 'route', 'outcome'],
      registers,
    });
    this.commandSeconds = new Histogram({
      name: 'sanctum_command_duration_seconds',
      help: 'Time from a command request to its answer, by route pattern and outcome.',
      labelNames: ['method', 'route', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const appended = new Counter({
      name: 'sanctum_events_appended_total',
      help: 'Game events this process recorded (appended and acknowledged by the store).',
      registers,
    });
    commands.onRecorded((_gameId, events) => appended.inc(events.length));
    this.storeErrors = new Counter({
      name: 'sanctum_store_errors_total',
      help: 'Event store failures that reached a request or a stream, by kind (unavailable, conflict, …).',
      labelNames: ['kind'],
      registers,
    });
    this.sseClients = new Gauge({
      name: 'sanctum_sse_clients',
      help: 'Server-sent event streams open now (game: one game; global: every game).',
      labelNames: ['stream'],
      registers,
    });
    this.sseLag = new Histogram({
      name: 'sanctum_sse_delivery_lag_seconds',
      help: 'From an event being recorded to its being written to a global-stream client (catch-up included).',
      labelNames: ['stream'],
      buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30, 300, 3600],
      registers,
    });
    new Gauge({
      name: 'sanctum_scheduler_pending_collections',
      help: 'Garbage collections scheduled and not yet seen carried out (the scheduler backlog).',
      registers,
      collect() {
        this.set(scheduler.pendingCount);
      },
    });
    new Counter({
      name: 'sanctum_scheduler_collections_total',
      help: 'Garbage collections this process carried out.',
      registers,
      collect() {
        this.reset();
        this.inc(scheduler.collectedCount);
      },
    });
    new Counter({
      name: 'sanctum_scheduler_retries_total',
      help: 'Garbage-collection attempts that failed and were tried again.',
      registers,
      collect() {
        this.reset();
        this.inc(scheduler.retriedAttempts);
      },
    });
    new Counter({
      name: 'sanctum_receipts_signed_total',
      help: 'Receipts and game heads this process signed.',
      registers,
      collect() {
        this.reset();
        this.inc(receipts.signedCount);
      },
    });
  }

  command(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, outcome: commandOutcome(status) };
    this.commands.inc(labels);
    this.commandSeconds.observe(labels, seconds);
  }

  storeError(kind: string): void {
    this.storeErrors.inc({ kind });
  }

  streamOpened(stream: StreamKind): () => void {
    this.sseClients.inc({ stream });
    return () => this.sseClients.dec({ stream });
  }

  delivered(stream: StreamKind, recordedAt: string | undefined): void {
    if (recordedAt === undefined) return;
    const lag = (Date.now() - Date.parse(recordedAt)) / 1000;
    if (Number.isFinite(lag)) this.sseLag.observe({ stream }, Math.max(0, lag));
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
