import { HttpException, Logger, type MessageEvent } from '@nestjs/common';
import type { Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
import type { Observable, Subscription } from 'rxjs';
import type { BudgetedStream, StreamBudget, StreamLease } from './stream-budget';

/**
 * The SSE type of the one event that says the stored events are all sent (GameReads' CaughtUp). A subscription the
 * writer opens again after a pause catches up again: the client is told once, the first time.
 */
export const CAUGHT_UP = 'caught-up';

/**
 * The SSE type of the last event of a stream whose client fell too far behind (see StreamBudget): `id` and
 * `data.resumeAfter` are where to resume (what was written before it, once read, is complete).
 */
export const FELL_BEHIND = 'fell-behind';

/** The events of a stream after an exclusive checkpoint (an `id:` it sent), or from its start (undefined). */
export type OpenEvents = (after: number | undefined) => Observable<MessageEvent> | Promise<Observable<MessageEvent>>;

/** Frames are gathered into one socket write up to this size (or until the current burst of events ends). */
const FLUSH_AT = 64 * 1024;
/**
 * How much may wait in the response's buffer before the subscription is dropped until the client has read it all.
 * Well above a catch-up page (~300 KB), so that the events read but not yet sent when it pauses — read again on
 * resume — are a small share; and the most one slow client holds, as Nest's @Sse allowed (4 MB).
 */
const PAUSE_AT = 4 * 1024 * 1024;

const HEADERS = {
  'Content-Type': 'text/event-stream',
  Connection: 'keep-alive',
  'Cache-Control': 'private, no-cache, no-store, must-revalidate, max-age=0, no-transform',
  Pragma: 'no-cache',
  Expire: '0',
  'X-Accel-Buffering': 'no',
};

const oneLine = (value: unknown) => String(value).replace(/[\r\n]/g, '');
const lines = (text: string, prefix: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => `${prefix}${line}\n`)
    .join('');

/** One event in the W3C event-stream format, byte for byte as Nest's @Sse writes it. */
export function sseFrame(message: MessageEvent): string {
  let frame = message.type ? `event: ${oneLine(message.type)}\n` : '';
  if (message.id !== undefined && message.id !== null) frame += `id: ${oneLine(message.id)}\n`;
  if (message.retry !== undefined && message.retry !== null) frame += `retry: ${oneLine(message.retry)}\n`;
  if (message.comment !== undefined && message.comment !== null) frame += lines(message.comment, ': ');
  if (typeof message.data === 'object' && message.data !== null) {
    // JSON escapes every line break inside strings: one line, no need to split it.
    frame += `data: ${JSON.stringify(message.data)}\n`;
  } else if (message.data !== undefined && message.data !== null) {
    frame += lines(String(message.data), 'data: ');
  }
  return `${frame}\n`;
}

/** What an error after the headers tells the client (Nest's rules: only an HTTP error's own message). */
function errorMessage(error: unknown): string {
  if (error instanceof HttpException) {
    return error.getResponse() instanceof Error ? (STATUS_CODES[error.getStatus()] ?? 'Error') : error.message;
  }
  return 'Internal server error';
}

/**
 * Writes server-sent events to an Express response, replacing Nest's @Sse writer for streams that can be long:
 *
 * - **Batched**: the frames of a burst (a catch-up page delivers hundreds of events synchronously) go out in one
 *   socket write of up to 64 KB, not one write and one promise per event.
 * - **Paced by the client**: when 4 MB wait unsent, the subscription is dropped and, once the client has read
 *   them (`drain`), opened again after the last event written: the same exactly-once resume as `Last-Event-ID`,
 *   done by the server. Catching up a million events thus holds a few MB rather than the whole backlog (Nest's
 *   writer queues whatever the source emits, and drops a client whose queue passes 4 MB).
 *
 * Every `id` the stream sends must be a checkpoint `open` accepts. Resolves once the headers are sent; an error
 * before that (raised by `open` or the first subscription) rejects, so the exception filters answer as for any
 * request. After the headers, an error becomes a final `event: error` and the end of the response.
 */
export function writeSse(
  request: Request,
  response: Response,
  open: OpenEvents,
  after: number | undefined,
  budget?: StreamBudget,
): Promise<void> {
  const logger = new Logger('SseResponse');
  const pauseAt = budget?.perStreamCap(PAUSE_AT) ?? PAUSE_AT;
  let checkpoint = after;
  let batch = '';
  let flushQueued = false;
  let headersSent = false;
  let toldCaughtUp = false;
  let paused = false;
  let closed = false;
  let subscription: Subscription | undefined;
  let failBeforeHeaders: ((error: unknown) => void) | undefined;

  const stop = () => {
    const current = subscription;
    subscription = undefined;
    current?.unsubscribe();
  };
  const flush = () => {
    flushQueued = false;
    if (batch === '' || closed) return;
    // Nothing may be written before the headers: a burst that outgrows one batch waits for them, unsubscribed.
    if (!headersSent) {
      if (batch.length >= FLUSH_AT) pause();
      return;
    }
    const text = batch;
    batch = '';
    response.write(text);
    lease?.measure();
    if (response.writableLength >= pauseAt) pause();
  };
  // The client is behind: stop reading the store until it has taken what was written (or the headers are out).
  const pause = () => {
    if (paused) return;
    paused = true;
    stop();
    if (headersSent) resumeOnDrain();
  };
  const resumeOnDrain = () => {
    if (response.writableNeedDrain) response.once('drain', () => void resume());
    else queueMicrotask(() => void resume());
  };
  const resume = async () => {
    if (!paused || closed) return;
    paused = false;
    try {
      subscribe(await open(checkpoint));
    } catch (error) {
      fail(error);
    }
  };
  const finish = () => {
    if (closed) return;
    flush();
    closed = true;
    stop();
    response.end();
  };
  const send = (message: MessageEvent) => {
    if (closed) return;
    const id = message.id === undefined || message.id === null ? undefined : Number(message.id);
    if (message.type === CAUGHT_UP && toldCaughtUp) {
      if (id !== undefined) checkpoint = id;
      return;
    }
    if (message.type === CAUGHT_UP) toldCaughtUp = true;
    batch += sseFrame(message);
    if (id !== undefined) checkpoint = id;
    if (batch.length >= FLUSH_AT) flush();
    else if (!flushQueued) {
      flushQueued = true;
      queueMicrotask(flush);
    }
  };
  const fail = (error: unknown) => {
    if (closed) return;
    if (!headersSent) {
      closed = true;
      stop();
      failBeforeHeaders?.(error);
      return;
    }
    if (!(error instanceof HttpException)) logger.error(error);
    send({ type: 'error', data: errorMessage(error) });
    finish();
  };
  const subscribe = (events: Observable<MessageEvent>) => {
    if (closed) return;
    const current = events.subscribe({ next: send, error: fail, complete: finish });
    // A source that completed, failed or filled a batch synchronously has already finished or paused.
    if (closed || paused) current.unsubscribe();
    else subscription = current;
  };

  // Too far behind (the budget says so): a last event saying where to resume, then the end; a client that does not
  // read even that is cut off when the budget's grace is over, so what waits for it is freed (it resumes after the
  // last id it read).
  let fellBehind = false;
  const fallBehind = () => {
    if (closed || !headersSent) return;
    send({
      type: FELL_BEHIND,
      ...(checkpoint === undefined ? {} : { id: String(checkpoint) }),
      data: { resumeAfter: checkpoint ?? null },
    });
    fellBehind = true;
    finish();
  };
  const cutOff = () => {
    if (fellBehind) response.destroy();
  };
  const stream: BudgetedStream = { buffered: () => response.writableLength + batch.length, fallBehind, cutOff };
  let lease: StreamLease | undefined;
  try {
    lease = budget?.admit(stream);
  } catch (error) {
    if (budget) response.setHeader('Retry-After', String(budget.retryAfterSeconds));
    return Promise.reject(error);
  }

  response.on('drain', () => lease?.measure());
  response.once('close', () => {
    closed = true;
    stop();
    lease?.release();
  });
  return new Promise<void>((resolve, reject) => {
    failBeforeHeaders = reject;
    Promise.resolve()
      .then(() => open(after))
      .then((events) => {
        subscribe(events);
        // As Nest does: the headers go out on the next macrotask, so a failure the source reports at once (a store
        // that cannot be read) still gets its HTTP status from the exception filters.
        setTimeout(() => {
          if (closed) return;
          failBeforeHeaders = undefined;
          request.socket?.setKeepAlive(true);
          request.socket?.setNoDelay(true);
          request.socket?.setTimeout(0);
          response.writeHead(200, HEADERS);
          response.flushHeaders();
          headersSent = true;
          response.write('\n');
          if (request.method === 'HEAD') finish();
          else {
            // Paused before the headers: nobody waits for a drain yet (a pause from this flush registers its own).
            const waiting = paused;
            flush();
            if (waiting) resumeOnDrain();
          }
          resolve();
        }, 0);
      })
      .catch(fail);
  });
}
