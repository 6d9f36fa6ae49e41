import * as http from 'node:http';
import { nowMs } from './timing.kit';

/** What precedes the `id:` of the stream's `caught-up` (the one named event a catch-up sends). */
const CAUGHT_UP = '\nevent: caught-up';

export interface SseCatchUp {
  events: number;
  lastId: string;
  bytes: number;
  ms: number;
  firstByteMs: number;
  /** Why it stopped before `want` events (the server ended or dropped the stream, or the time limit). */
  cutShort: string | null;
}

/**
 * One SSE consumer that reads `want` events as fast as the server sends them, then hangs up (or when the server says
 * it caught up). It only counts: an event is a line starting with `id: ` that does not follow `event: caught-up`
 * (JSON data lines never contain a raw newline), so the client costs little next to the server it measures.
 */
export function consumeSse(url: string, want: number, timeLimitMs: number): Promise<SseCatchUp> {
  const started = nowMs();
  const result: SseCatchUp = { events: 0, lastId: '', bytes: 0, ms: 0, firstByteMs: -1, cutShort: null };
  return new Promise((resolve, reject) => {
    let carry = '\n';
    let settled = false;
    let caughtUp = false;
    const finish = (reason: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      result.ms = nowMs() - started;
      result.cutShort = reason;
      request.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish(`time limit of ${timeLimitMs} ms`), timeLimitMs);
    const request = http.get(url, (response) => {
      if (response.statusCode !== 200) return finish(`status ${response.statusCode}`);
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (result.firstByteMs < 0) result.firstByteMs = nowMs() - started;
        result.bytes += chunk.length;
        const text = carry + chunk;
        // The carried tail is there to see what precedes an `id:`; a whole `\nid: ` inside it was counted before.
        let at = text.indexOf('\nid: ', Math.max(0, carry.length - 4));
        let last = -1;
        while (at >= 0) {
          // The stream's `caught-up` has an id too: it is not an event, and it says the catch-up is complete.
          if (text.endsWith(CAUGHT_UP, at)) caughtUp = true;
          else result.events += 1;
          last = at;
          at = text.indexOf('\nid: ', at + 5);
        }
        if (last >= 0) {
          const end = text.indexOf('\n', last + 5);
          if (end > 0) result.lastId = text.slice(last + 5, end);
        }
        carry = text.slice(-CAUGHT_UP.length - 4);
        if (result.events >= want || caughtUp) finish(result.events >= want ? null : 'caught up short of it');
      });
      response.on('end', () => finish('the server ended the stream'));
      response.on('error', () => finish('the connection failed'));
    });
    request.on('error', (error) => (settled ? undefined : reject(error)));
  });
}
