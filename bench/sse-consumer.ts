import * as http from 'node:http';
import { nowMs } from './timing.kit';

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
 * One SSE consumer that reads `want` events as fast as the server sends them, then hangs up. It only counts: an
 * event is a line starting with `id: ` (JSON data lines never contain a raw newline), so the client costs little
 * next to the server it measures.
 */
export function consumeSse(url: string, want: number, timeLimitMs: number): Promise<SseCatchUp> {
  const started = nowMs();
  const result: SseCatchUp = { events: 0, lastId: '', bytes: 0, ms: 0, firstByteMs: -1, cutShort: null };
  return new Promise((resolve, reject) => {
    let carry = '\n';
    let settled = false;
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
        let at = text.indexOf('\nid: ');
        let last = -1;
        while (at >= 0) {
          result.events += 1;
          last = at;
          at = text.indexOf('\nid: ', at + 5);
        }
        if (last >= 0) {
          const end = text.indexOf('\n', last + 5);
          if (end > 0) result.lastId = text.slice(last + 5, end);
        }
        carry = text.slice(-4);
        if (result.events >= want) finish(null);
      });
      response.on('end', () => finish('the server ended the stream'));
      response.on('error', () => finish('the connection failed'));
    });
    request.on('error', (error) => (settled ? undefined : reject(error)));
  });
}
