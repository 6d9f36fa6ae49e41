import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { errorBody } from '../errors/error-body';

/** What the budget sees of one open stream. */
export interface BudgetedStream {
  /** Bytes written to the response that its client has not taken yet. */
  buffered(): number;
  /** Ends the stream: its client fell too far behind (it resumes after the position the stream tells it). */
  fallBehind(): void;
  /** Cuts the connection of a stream that fell behind, whose client has not read its end within the grace. */
  cutOff(): void;
}

/** One stream's place in the budget, for as long as it is open. */
export interface StreamLease {
  /** The stream wrote, or its client read: the budget looks again at what is buffered. */
  measure(): void;
  /** The stream is closed. */
  release(): void;
}

/**
 * One budget for every event stream of the process (SSE_MAX_CLIENTS streams, SSE_MAX_BUFFERED_BYTES written and not
 * yet read by their clients, all streams together), so that clients that do not read cannot take the memory: past
 * the bytes, the stream holding the most falls behind — it ends with where to resume, and is cut off after a grace
 * if its client does not read even that — until the rest fit; a new stream while the budget is spent gets 503 with
 * Retry-After. (Each stream also stops reading the store while 4 MB of it wait unsent: see sse-response.writer.)
 */
@Injectable()
export class StreamBudget {
  private readonly maxClients: number;
  private readonly maxBytes: number;
  /**
   * How long a client that fell behind may go on reading what was written to it (and the last event, where to resume)
   * before its connection is cut and the memory it held freed. Meanwhile that memory still counts against the budget.
   */
  private readonly fallenBehindGraceMs: number;
  /** Each open stream and its bytes as last measured. */
  private readonly open = new Map<BudgetedStream, number>();
  /** Streams that fell behind and are not closed yet (still holding memory, never picked again), and their cut-off. */
  private readonly falling = new Map<BudgetedStream, NodeJS.Timeout>();
  private total = 0;
  /** Set while streams are made to fall behind: what they write meanwhile is counted, not acted on. */
  private shedding = false;

  constructor(
    @Inject(API_CONFIG)
    config: Pick<ApiConfig, 'sseMaxClients' | 'sseMaxBufferedBytes' | 'sseFallenBehindGraceMs'>,
  ) {
    this.maxClients = config.sseMaxClients;
    this.maxBytes = config.sseMaxBufferedBytes;
    this.fallenBehindGraceMs = config.sseFallenBehindGraceMs;
  }

  /** Open streams, the bytes they hold as last measured, and how many of them fell behind and are closing. */
  get usage(): { clients: number; bufferedBytes: number; fallingBehind: number } {
    return { clients: this.open.size, bufferedBytes: this.total, fallingBehind: this.falling.size };
  }

  /**
   * The most one stream should hold before it stops reading the store: its own cap, or half the budget if that is less,
   * so that one slow client pausing (a batch past its cap) is not over the budget on its own.
   */
  perStreamCap(cap: number): number {
    return Math.min(cap, Math.floor(this.maxBytes / 2));
  }

  /** Takes a place for a new stream, or refuses it with 503 (the caller sets Retry-After from `retryAfterSeconds`). */
  admit(stream: BudgetedStream): StreamLease {
    const full = this.open.size >= this.maxClients;
    if (full || this.total >= this.maxBytes) {
      const why = full
        ? `${this.maxClients} event streams are open (SSE_MAX_CLIENTS)`
        : `the event streams' clients have ${this.maxBytes} bytes left to read (SSE_MAX_BUFFERED_BYTES)`;
      throw new ServiceUnavailableException(errorBody(503, `${why}; try again in ${this.retryAfterSeconds} s`));
    }
    this.open.set(stream, 0);
    return { measure: () => this.measure(stream), release: () => this.release(stream) };
  }

  /** When a refused client should try again: by then, the streams that fell behind are closed. */
  get retryAfterSeconds(): number {
    return Math.ceil(this.fallenBehindGraceMs / 1000);
  }

  private measure(stream: BudgetedStream): void {
    const before = this.open.get(stream);
    if (before === undefined) return;
    const now = stream.buffered();
    this.open.set(stream, now);
    this.total += now - before;
    if (this.total > this.maxBytes && !this.shedding) this.shed();
  }

  /**
   * Over the budget: measured again (the figures are as of each stream's last write), the streams furthest behind
   * fall behind until the others fit. Those already falling count until they close, but are not picked again.
   */
  private shed(): void {
    this.total = 0;
    let kept = 0;
    for (const stream of this.open.keys()) {
      const bytes = stream.buffered();
      this.open.set(stream, bytes);
      this.total += bytes;
      if (!this.falling.has(stream)) kept += bytes;
    }
    this.shedding = true;
    try {
      this.fallBehindUntil(kept);
    } finally {
      this.shedding = false;
    }
  }

  private fallBehindUntil(bytesKept: number): void {
    let kept = bytesKept;
    while (kept > this.maxBytes) {
      let furthest: BudgetedStream | undefined;
      let most = -1;
      for (const [stream, bytes] of this.open) {
        if (!this.falling.has(stream) && bytes > most) [furthest, most] = [stream, bytes];
      }
      if (furthest === undefined) return;
      const fallen = furthest;
      const cut = setTimeout(() => fallen.cutOff(), this.fallenBehindGraceMs);
      cut.unref();
      this.falling.set(fallen, cut);
      kept -= most;
      fallen.fallBehind();
    }
  }

  private release(stream: BudgetedStream): void {
    const bytes = this.open.get(stream);
    if (bytes === undefined) return;
    this.open.delete(stream);
    clearTimeout(this.falling.get(stream));
    this.falling.delete(stream);
    this.total -= bytes;
  }
}
