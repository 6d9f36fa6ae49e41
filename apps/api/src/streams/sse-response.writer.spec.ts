import type { MessageEvent } from '@nestjs/common';
import { SseStream } from '@nestjs/core/router/sse-stream';
import type { Request, Response } from 'express';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { finalize, map } from 'rxjs';
import { MemoryEventStore } from '@app/event-store';
import { sseFrame, writeSse } from './sse-response.writer';
import { type BudgetedStream, StreamBudget } from './stream-budget';

/** What Nest's own SSE writer makes of a message. */
function nestFrame(message: MessageEvent): Promise<string> {
  const stream = new SseStream();
  let text = '';
  stream.on('data', (chunk: Buffer | string) => (text += chunk.toString()));
  return new Promise((resolve) => {
    stream.write(message, () => resolve(text));
  });
}

/** A store of `count` events of ~400 bytes each, in one stream. */
async function paddedStore(count: number) {
  const store = new MemoryEventStore();
  const padding = 'x'.repeat(400);
  for (let i = 0; i < count; i += 100) {
    const events = Array.from({ length: 100 }, (_, k) => ({ type: 'Tick', data: { n: i + k, padding }, metadata: {} }));
    await store.append('s', events, i === 0 ? 'no-stream' : i - 1);
  }
  return store;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SSE response writer', () => {
  it.each<MessageEvent>([
    { id: '41', data: { revision: 41, type: 'DamageApplied', data: { text: 'a\nb' } } },
    { comment: '' },
    { type: 'error', data: 'the event store is unavailable; reconnect later' },
    { data: 'two\nlines', id: 'x\ny' },
  ])('frames %p byte for byte as Nest does', async (message) => {
    expect(sseFrame({ ...message })).toBe(await nestFrame({ ...message }));
  });

  it('paces a slow client: every event once and in order across pauses, each subscription let go', async () => {
    const count = 20_000;
    const store = await paddedStore(count); // ~9 MB of frames: well past the 4 MB a client may leave unread
    const subscriptions = { opened: 0, closed: 0 };
    const open = (after: number | undefined) => {
      subscriptions.opened += 1;
      return store.subscribe({ fromPosition: after }).pipe(
        map((event) => ({ id: String(event.position), data: event.data as object })),
        finalize(() => (subscriptions.closed += 1)),
      );
    };
    const server = http.createServer((request, response) => {
      void writeSse(request as Request, response as unknown as Response, open, undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const ids: number[] = [];
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, (response) => {
          let text = '';
          response.setEncoding('utf8');
          // Reads nothing for a while, then slowly: the server must stop reading the store meanwhile.
          response.pause();
          setTimeout(() => response.resume(), 200);
          response.on('data', (chunk: string) => {
            response.pause();
            setTimeout(() => response.resume(), 1);
            text += chunk;
            const frames = text.split('\n\n');
            text = frames.pop() as string;
            for (const frame of frames) {
              const id = /^id: (\d+)$/m.exec(frame);
              if (id) ids.push(Number(id[1]));
            }
            if (ids.length >= count) {
              request.destroy();
              resolve();
            }
          });
        });
        request.on('error', reject);
      });
      expect(ids).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(subscriptions.opened).toBeGreaterThan(1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(subscriptions.closed).toBe(subscriptions.opened);
    } finally {
      server.close();
      await store.close();
    }
  });

  it('cuts off a client that fell behind and reads not even that, once the grace is over, and frees its place', async () => {
    const store = await paddedStore(20_000); // ~9 MB of frames each: far past the budget
    const graceMs = 400;
    const budget = new StreamBudget({
      sseMaxClients: 4,
      sseMaxBufferedBytes: 1024 * 1024,
      sseFallenBehindGraceMs: graceMs,
    });
    // When the budget told a stream to fall behind, and when the server saw its connection close.
    const fellAt = new Map<number, number>();
    const closedAt = new Map<number, number>();
    let streams = 0;
    const admit = budget.admit.bind(budget);
    const server = http.createServer((request, response) => {
      const stream = streams++;
      response.once('close', () => closedAt.set(stream, performance.now()));
      budget.admit = (budgeted: BudgetedStream) =>
        admit({
          buffered: budgeted.buffered,
          cutOff: budgeted.cutOff,
          fallBehind: () => {
            fellAt.set(stream, performance.now());
            budgeted.fallBehind();
          },
        });
      const open = (after: number | undefined) =>
        store
          .subscribe({ fromPosition: after })
          .pipe(map((event) => ({ id: String(event.position), data: event.data as object })));
      void writeSse(request as Request, response as unknown as Response, open, undefined, budget);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // Two clients that read nothing: between them they hold more than the budget.
    const clients = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<{ response: http.IncomingMessage; request: http.ClientRequest; ended: boolean }>((resolve) => {
            const request = http.get(url, (response) => {
              response.pause();
              const client = { response, request, ended: false };
              response.on('end', () => (client.ended = true));
              response.on('error', () => undefined); // cut off: the test looks at `ended`
              resolve(client);
            });
          }),
      ),
    );
    try {
      const deadline = Date.now() + 30_000;
      while (fellAt.size === 0 && Date.now() < deadline) await sleep(10);
      expect(fellAt.size).toBe(1);
      const [fallen] = [...fellAt.keys()];
      while (!closedAt.has(fallen!) && Date.now() < deadline) await sleep(10);

      // Cut no sooner than the grace after it fell behind; its place and bytes are free again.
      expect(closedAt.get(fallen!)! - fellAt.get(fallen!)!).toBeGreaterThanOrEqual(graceMs - 1);
      expect(clients[fallen!]!.ended).toBe(false);
      expect(budget.usage.clients).toBe(1);
      expect(budget.usage.fallingBehind).toBe(0);
      expect(budget.usage.bufferedBytes).toBeLessThanOrEqual(1024 * 1024);
      // The other stream was kept, and is still open.
      expect(closedAt.has(1 - fallen!)).toBe(false);
    } finally {
      for (const client of clients) client.request.destroy();
      server.close();
      await store.close();
    }
  });
});
