import * as http from 'node:http';

/** One server-sent event as it came over the wire. */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/**
 * A deliberately plain SSE reader over node:http (no reconnection, no hidden Last-Event-ID): tests see exactly
 * the `id:` and `data:` lines the server wrote, and decide themselves when to disconnect and how to resume.
 */
export class SseClient {
  /** The events without an `event:` type: what an EventSource hands to `onmessage`. */
  readonly events: SseEvent[] = [];
  /** The events with one (`caught-up`, `error`), in order, each with the number of `events` received before it. */
  readonly named: (SseEvent & { after: number })[] = [];
  /** Comment lines received (the server's heartbeats). */
  comments = 0;
  /** Whether the server ended the response properly (rather than the connection being dropped). */
  completed = false;
  /** Whether the stream has ended (by the server, or the connection dropped). */
  get isEnded(): boolean {
    return this.endedFlag;
  }

  /** Resolves when the server ends the stream (or the connection drops). */
  readonly ended: Promise<void>;
  private buffer = '';
  private waiters: (() => void)[] = [];
  private request!: http.ClientRequest;
  private endedFlag = false;
  private markEnded!: () => void;

  private constructor() {
    this.ended = new Promise((resolve) => {
      this.markEnded = resolve;
    });
  }

  /** Opens the stream; rejects with the status and body if the server answers with anything but 200. */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      client.request = http.get(url, { headers: { Accept: 'text/event-stream', ...headers } }, (response) => {
        response.setEncoding('utf8');
        if (response.statusCode !== 200) {
          let body = '';
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            reject(
              Object.assign(new Error(`SSE ${response.statusCode}: ${body}`), { status: response.statusCode, body }),
            ),
          );
          return;
        }
        response.on('data', (chunk: string) => client.receive(chunk));
        response.on('end', () => (client.completed = true));
        response.on('close', () => client.finish());
        resolve(client);
      });
      client.request.on('error', (error) => {
        client.finish();
        reject(error);
      });
    });
  }

  /** Opens the stream, reads until `count` events with an id have come (or fails after `ms`), and disconnects. */
  static async read(url: string, headers: Record<string, string>, count: number, ms = 30_000): Promise<SseEvent[]> {
    const client = await SseClient.open(url, headers);
    try {
      await client.waitFor((events) => events.filter((event) => event.id !== undefined).length >= count, ms);
    } finally {
      client.close();
    }
    return client.events.filter((event) => event.id !== undefined);
  }

  /** The ids of the events received so far, as numbers. */
  get ids(): number[] {
    return this.events.map((event) => Number(event.id));
  }

  /** The parsed data of the events received so far. */
  data<T = unknown>(): T[] {
    return this.events.map((event) => JSON.parse(event.data) as T);
  }

  /** The `caught-up` the stream sent, once it has (undefined before). */
  get caughtUp(): (SseEvent & { after: number }) | undefined {
    return this.named.find((event) => event.event === 'caught-up');
  }

  /** Waits until `done()` holds for the events received (checked on every event), or fails after `ms`. */
  async waitFor(done: (events: SseEvent[]) => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done(this.events)) {
      if (this.endedFlag) throw new Error(`the stream ended after ${this.events.length} events`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out with ${this.events.length} events: ids ${this.ids.join(',')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Disconnects (as a closed browser tab would). */
  close(): void {
    this.request.destroy();
  }

  private receive(chunk: string): void {
    this.buffer += chunk.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.parse(block);
    }
  }

  private parse(block: string): void {
    const event: SseEvent = { data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments += 1;
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
    }
    if (data.length === 0) {
      // A comment or a bare blank line: no event (as in an EventSource), but a heartbeat to wait for.
      for (const wake of this.waiters.splice(0)) wake();
      return;
    }
    event.data = data.join('\n');
    if (event.event === undefined) this.events.push(event);
    else this.named.push({ ...event, after: this.events.length });
    for (const wake of this.waiters.splice(0)) wake();
  }

  private finish(): void {
    if (this.endedFlag) return;
    this.endedFlag = true;
    this.markEnded();
    for (const wake of this.waiters.splice(0)) wake();
  }
}
