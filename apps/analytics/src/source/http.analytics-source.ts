import type { RecordedEvent } from '@app/event-store';
import { type CaughtUp, gameStream } from '@app/games';
import { Logger } from '@nestjs/common';
import { EventSource, type ErrorEvent } from 'eventsource';
import { Observable } from 'rxjs';
import { AnalyticsSource } from './analytics-source';
import { ServiceUnavailableError } from './service-unavailable.error';

/** One line of `GET /events/stream` or `GET /events` (GlobalEventLine): what this consumer relies on. */
interface GlobalLine {
  gameId: string;
  position: number;
  revision: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  recordedAt: string;
}

function recordedEventOf(text: string): RecordedEvent {
  const line = JSON.parse(text) as Partial<GlobalLine>;
  if (
    typeof line.gameId !== 'string' ||
    !Number.isSafeInteger(line.position) ||
    !Number.isSafeInteger(line.revision) ||
    typeof line.type !== 'string'
  ) {
    throw new TypeError(`not an event line of the global stream: ${text.slice(0, 200)}`);
  }
  return {
    stream: gameStream(line.gameId),
    position: line.position!,
    revision: line.revision!,
    type: line.type,
    data: line.data,
    metadata: line.metadata ?? {},
    recordedAt: line.recordedAt ?? '',
  };
}

/** 5xx and 429 are worth waiting for; any other refusal (a bad token, a bad checkpoint) will not mend itself. */
const isTransientStatus = (status: number): boolean => status >= 500 || status === 429;

/**
 * The service's public HTTP doors, no database: `GET /events/stream` to follow (an EventSource, which resumes
 * with `Last-Event-ID` by itself after a dropped connection; a new subscription starts at `?from=` the position
 * after the checkpoint), `GET /events` pages for `--once`, and `GET /games` for the head. Events are what the
 * token (none: the public view) may see, hidden ones as `Redacted`.
 */
export class HttpAnalyticsSource extends AnalyticsSource {
  readonly name: string;
  private readonly logger = new Logger('HttpAnalyticsSource');
  private readonly base: string;
  private readonly headers: Record<string, string>;

  constructor(url: string, token: string | undefined) {
    super();
    this.base = url.replace(/\/+$/, '');
    this.name = this.base;
    this.headers = token === undefined ? {} : { Authorization: `Bearer ${token}` };
  }

  follow(afterPosition: number | undefined): Observable<RecordedEvent | CaughtUp> {
    return new Observable<RecordedEvent | CaughtUp>((subscriber) => {
      const url = new URL(`${this.base}/events/stream`);
      if (afterPosition !== undefined) url.searchParams.set('from', String(afterPosition + 1));
      const source = new EventSource(url, {
        // The EventSource adds Accept and, on its reconnections, Last-Event-ID; the token goes alongside.
        fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, ...this.headers } }),
      });
      source.onmessage = (message) => {
        try {
          subscriber.next(recordedEventOf(message.data));
        } catch (error) {
          subscriber.error(error);
        }
      };
      // Once per connection (the service says it once per stream): the stored events are all sent.
      source.addEventListener('caught-up', (message) => {
        const { position } = JSON.parse(message.data) as { position: number | null };
        subscriber.next({ caughtUp: position });
      });
      source.onerror = (event: ErrorEvent) => {
        // While CONNECTING the EventSource retries by itself (a dropped connection, the stream ended); CLOSED is a
        // refusal (a status other than 200), which only a new subscription after the stored checkpoint can mend.
        if (source.readyState !== source.CLOSED) {
          this.logger.warn(`${this.base}: the event stream broke off (${event.message ?? 'ended'}); reconnecting`);
          return;
        }
        const status = event.code;
        const message = `GET ${url.pathname} answered ${status ?? 'nothing'}${event.message ? `: ${event.message}` : ''}`;
        subscriber.error(
          status === undefined || isTransientStatus(status)
            ? new ServiceUnavailableError(`${this.base}: ${message}`)
            : new Error(`${this.base}: ${message}`),
        );
      };
      return () => source.close();
    });
  }

  async *pages(afterPosition: number | undefined, pageSize: number): AsyncIterable<RecordedEvent[]> {
    let after = afterPosition;
    for (;;) {
      const url = new URL(`${this.base}/events`);
      url.searchParams.set('limit', String(pageSize));
      url.searchParams.set('format', 'ndjson');
      if (after !== undefined) url.searchParams.set('after', String(after));
      const response = await this.get(url);
      const text = await response.text();
      const events = text.split('\n').flatMap((line) => (line === '' ? [] : [recordedEventOf(line)]));
      if (events.length > 0) yield events;
      const last = response.headers.get('x-last-position');
      if (response.headers.get('x-more') !== 'true' || last === null) return;
      after = Number(last);
    }
  }

  async headEvents(): Promise<number> {
    const response = await this.get(new URL(`${this.base}/games`));
    const { games } = (await response.json()) as { games: { revision: number }[] };
    return games.reduce((sum, game) => sum + game.revision + 1, 0);
  }

  isTransient(error: unknown): boolean {
    return error instanceof ServiceUnavailableError;
  }

  private async get(url: URL): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { headers: this.headers });
    } catch (error) {
      throw new ServiceUnavailableError(`${this.base}: GET ${url.pathname} failed: ${(error as Error).message}`);
    }
    if (response.ok) return response;
    const body = (await response.text()).slice(0, 500);
    const message = `${this.base}: GET ${url.pathname} answered ${response.status}: ${body}`;
    throw isTransientStatus(response.status) ? new ServiceUnavailableError(message) : new Error(message);
  }
}
