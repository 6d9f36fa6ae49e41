/**
 * Issue #24, item 2: event streams cannot take the memory or the event loop. Clients that never read hold no more
 * than the streams' budget (SSE_MAX_BUFFERED_BYTES): the one furthest behind is told where to resume and closed, and
 * resuming there misses nothing; a stream past SSE_MAX_CLIENTS, or while the bytes are spent, gets 503 with
 * Retry-After; the memory goes back to its idle level once the clients leave. Catch-ups read in bounded pages and
 * let the event loop turn, so none holds it for 50 ms or more, measured as test/api/body-bounds.e2e-spec.ts does (the
 * main thread's own time on a CPU, the least of a few attempts). Before: 200 clients that did not read took the
 * service from 158 MB to 1.6 GB, and one catch-up on a store of 38,000 events held the event loop for seconds.
 *
 * Why it is slow: a few clients catch up a store of tens of thousands of events, again and again: to spend the streams'
 * budget, for the memory, and in up to three rounds for the event loop's hold.
 */
import * as http from 'node:http';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { EventStore } from '@app/event-store';
import { GAME_STREAM_PREFIX } from '@app/games';
import { appendManyGames } from '../support/many-games.store';
import { waitWhileGrowing } from '../support/growing-count.wait';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { leastOf, longestHold, mainThreadMs } from './support/event-loop-stall';
import { SseClient } from './support/sse-client';
import { StreamBudget } from '../../apps/api/src/streams/stream-budget';

const MAX_CLIENTS = 6;
const MAX_BUFFERED = 6 * 1024 * 1024;
/**
 * Longer than the test takes to read what a stream that fell behind was sent: its end is then always read, never cut
 * off, on a machine however busy (the cut after a grace is sse-response.writer.spec's).
 */
const FALLEN_BEHIND_GRACE_MS = 120_000;
/** The bound: no catch-up holds the event loop this long. */
const MAX_HOLD_MS = 50;
/**
 * The stalled-clients test waits up to 30 s for the budget to be spent, 60 s for the kept clients to catch up and 60 s
 * for the resumed one; the catch-up test up to three rounds of five catch-ups: their own waits catch a stream that
 * stalls. Jest's 60 s would cut them short where a busy machine gives the service a third of a core: there, the store
 * caught up by several clients takes over a minute.
 */
const CLIENTS_TEST_MS = 180_000;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** What this process's memory holds after a full garbage collection: its heap, and the buffers outside it. */
function memoryInUse(): number {
  collectGarbage();
  collectGarbage();
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  return heapUsed + external + arrayBuffers;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A client that only counts what arrives (so that its own work is small next to the server's), and can stop
 * reading: opened `paused`, it leaves every byte the server sends in the sockets and the server's buffers.
 */
class CountingClient {
  ids = 0;
  lastId: string | undefined;
  /** Whether the stream has said `caught-up`. */
  caughtUp = false;
  /** The last two whole frames it read (a stream's end: its last event, then where to resume). */
  lastFrames: string[] = [];
  ended = false;
  readonly done: Promise<void>;
  private response: http.IncomingMessage | undefined;
  private carry = '';

  private request!: http.ClientRequest;
  private finished!: () => void;

  private constructor() {
    this.done = new Promise<void>((resolve) => (this.finished = resolve));
  }

  /** Opens `url`; resolves with the status and the client (reading unless `paused`). */
  static open(url: string, paused = false): Promise<{ status: number; client: CountingClient }> {
    const client = new CountingClient();
    return new Promise((resolve, reject) => {
      client.request = http.get(url, { headers: { Accept: 'text/event-stream' } }, (response) => {
        client.response = response;
        response.setEncoding('utf8');
        if (paused) response.pause();
        response.on('data', (chunk: string) => client.receive(chunk));
        response.on('end', () => {
          client.ended = true;
          client.finished();
        });
        response.on('close', client.finished);
        resolve({ status: response.statusCode ?? 0, client });
      });
      client.request.on('error', (error) => {
        client.finished();
        reject(error);
      });
    });
  }

  resume(): void {
    this.response?.resume();
  }

  close(): void {
    this.request.destroy();
  }

  /** Reads the frames the chunk completes (the rest waits for the next chunk): a frame is never split or counted twice. */
  private receive(chunk: string): void {
    const frames = (this.carry + chunk).split('\n\n');
    this.carry = frames.pop() as string;
    this.lastFrames = [...this.lastFrames, ...frames].slice(-2);
    for (const frame of frames) {
      if (/^event: caught-up$/m.test(frame)) this.caughtUp = true;
      const id = /^id: (.*)$/m.exec(frame);
      if (id) {
        this.ids += 1;
        this.lastId = id[1];
      }
    }
  }
}

describe('event streams are bounded in memory and in how long they hold the event loop (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let budget: StreamBudget;
  let storedEvents = 0;
  let lastPosition = 0;
  const clients: CountingClient[] = [];

  const open = async (paused: boolean, route = '/events/stream') => {
    const opened = await CountingClient.open(`${api.url}${route}`, paused);
    clients.push(opened.client);
    return opened;
  };
  const closeAll = async () => {
    for (const client of clients.splice(0)) client.close();
    const deadline = Date.now() + 10_000;
    while (budget.usage.clients > 0 && Date.now() < deadline) await sleep(20);
    expect(budget.usage).toEqual({ clients: 0, bufferedBytes: 0, fallingBehind: 0 });
  };

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'), {
      gcScheduler: false,
      sseMaxClients: MAX_CLIENTS,
      sseMaxBufferedBytes: MAX_BUFFERED,
      sseFallenBehindGraceMs: FALLEN_BEHIND_GRACE_MS,
    });
    const store = api.app.get(EventStore);
    storedEvents = (await appendManyGames(store, { games: 30, turns: 15 })).events;
    for await (const page of store.readAllPages({ filter: { streamPrefix: GAME_STREAM_PREFIX }, pageSize: 5000 })) {
      lastPosition = page.at(-1)?.position ?? lastPosition;
    }
    budget = api.app.get(StreamBudget);
  });

  afterEach(async () => {
    await closeAll();
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('a stream past SSE_MAX_CLIENTS gets 503 with Retry-After; a client leaving makes room', async () => {
    const opened = [];
    for (let i = 0; i < MAX_CLIENTS; i += 1) opened.push(await open(false, '/events/stream?types=GameCreated'));
    expect(opened.map((o) => o.status)).toEqual(Array(MAX_CLIENTS).fill(200));
    const refused = await fetch(`${api.url}/events/stream`);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBe(FALLEN_BEHIND_GRACE_MS / 1000);
    expect(((await refused.json()) as { message: string }).message).toMatch(/SSE_MAX_CLIENTS/);
    const gameStream = await fetch(`${api.url}/games/many-0/events/stream`);
    expect(gameStream.status).toBe(503);
    await gameStream.body?.cancel();

    opened[0]!.client.close();
    const deadline = Date.now() + 5000;
    while (budget.usage.clients >= MAX_CLIENTS && Date.now() < deadline) await sleep(20);
    const again = await open(false, '/events/stream?types=GameCreated');
    expect(again.status).toBe(200);
  });

  it(
    'clients that do not read hold no more than the budget: the furthest behind is told where to resume, and closed',
    async () => {
      // Four clients that read nothing, each catching up the whole store (far more than the budget in frames).
      const stalled = [];
      for (let i = 0; i < 4; i += 1) stalled.push((await open(true)).client);
      let most = 0;
      let refused: Response | undefined;
      const deadline = Date.now() + 30_000;
      while (refused === undefined && Date.now() < deadline) {
        const usage = budget.usage;
        most = Math.max(most, usage.bufferedBytes);
        // The budget spent: a new stream is refused, and the streams furthest behind are falling behind.
        if (usage.bufferedBytes >= MAX_BUFFERED && usage.fallingBehind > 0) {
          const answer = await fetch(`${api.url}/events/stream`);
          await answer.body?.cancel();
          if (answer.status === 503) refused = answer;
        }
        await sleep(5);
      }
      expect(refused?.status).toBe(503);
      expect(Number(refused?.headers.get('retry-after'))).toBe(FALLEN_BEHIND_GRACE_MS / 1000);
      for (const client of stalled) client.resume();

      // Each either fell behind (its last event says where to resume, then the end) or was kept and caught up. (Asked
      // of what each client parsed as it read: searching the megabytes it kept, every few ms, in the process serving
      // the streams, slowed their catch-up several times over on a busy machine.)
      await Promise.all(
        stalled.map(async (client) => {
          const until = Date.now() + 60_000;
          while (!client.ended && !client.caughtUp && Date.now() < until) await sleep(20);
        }),
      );
      const fell = stalled.filter((client) => client.ended);
      expect(fell.length).toBeGreaterThan(0);
      expect(fell.length).toBeLessThan(stalled.length);
      // What the streams kept held stayed within the budget; those falling behind held theirs at most a grace longer.
      expect(most).toBeLessThan(MAX_BUFFERED + fell.length * 4 * 1024 * 1024 + 64 * 1024);
      for (const client of stalled.filter((c) => !c.ended)) expect(Number(client.lastId)).toBe(lastPosition);

      const frames = fell[0]!.lastFrames;
      const told = /^event: fell-behind\nid: (\d+)\ndata: \{"resumeAfter":(\d+)\}$/.exec(frames.at(-1) as string);
      expect(told).not.toBeNull();
      const resumeAfter = Number(told![2]);
      expect(told![1]).toBe(told![2]);
      // Where to resume is right after the last event it was sent.
      expect(/^id: (\d+)$/m.exec(frames.at(-2) as string)?.[1]).toBe(String(resumeAfter));

      // Resuming there gives exactly the rest: nothing was lost in between.
      await closeAll();
      const resumed = await SseClient.open(`${api.url}/events/stream`, { 'Last-Event-ID': String(resumeAfter) });
      try {
        await resumed.waitFor(() => resumed.caughtUp !== undefined, 60_000);
        const rest = await api.app.get(EventStore).readAll({ fromPosition: resumeAfter });
        expect(resumed.ids).toEqual(rest.map((event) => event.position));
      } finally {
        resumed.close();
      }
    },
    CLIENTS_TEST_MS,
  );

  it('memory returns to its idle level once the clients leave', async () => {
    // Idle, after one full catch-up (the code paths warm, the caches as full as they get).
    const warm = await open(false);
    await waitForIds(warm.client, storedEvents);
    await closeAll();
    const idle = memoryInUse();

    for (let round = 0; round < 2; round += 1) {
      const stalled = [];
      for (let i = 0; i < 3; i += 1) stalled.push(await open(true));
      for (let i = 0; i < 2; i += 1) stalled.push(await open(true, `/games/many-${i}/events/stream`));
      await sleep(1500);
      expect(budget.usage.clients).toBeGreaterThan(0);
      await closeAll();
    }
    expect(memoryInUse() - idle).toBeLessThan(8 * 1024 * 1024);
  });

  /** Until its `caught-up`, or its end (which fails the test): as long as events keep coming. */
  async function waitForCaughtUp(client: CountingClient): Promise<void> {
    await waitWhileGrowing(
      () => client.ids,
      () => client.caughtUp || client.ended,
      'a catch-up',
    );
    expect(client.caughtUp).toBe(true);
  }

  async function waitForIds(client: CountingClient, count: number): Promise<void> {
    await waitWhileGrowing(
      () => client.ids,
      () => client.ids >= count || client.ended,
      `${count} events`,
    );
    expect(client.ids).toBeGreaterThanOrEqual(count);
  }

  it(
    'catch-ups hold the event loop for less than 50 ms at a time, several at once, and /health/live answers meanwhile',
    async () => {
      const idleHealth = await leastOf(5, async () => {
        const started = mainThreadMs();
        await fetch(`${api.url}/health/live`).then((response) => response.text());
        return mainThreadMs() - started;
      });
      // The least of up to three attempts, for each measure: once both are within their bounds, more attempts could
      // only lower them, so the test stops there (each attempt is several catch-ups: slow on a busy machine).
      let held = Number.POSITIVE_INFINITY;
      let slowestHealth = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 3 && !(held < MAX_HOLD_MS && slowestHealth < idleHealth + 100); attempt += 1) {
        let done = false;
        let slowest = 0;
        // Settles with what failed it, or null: a failed probe fails the test below, and never goes unhandled.
        const probe = (async () => {
          while (!done) {
            const started = mainThreadMs();
            await fetch(`${api.url}/health/live`).then((response) => response.text());
            slowest = Math.max(slowest, mainThreadMs() - started);
            await sleep(5);
          }
        })().then(
          () => null,
          (error: unknown) => error,
        );
        try {
          const { heldMs } = await longestHold(async () => {
            // The last third of the store, three public streams and the organiser's at once, and a game's stream from
            // its middle (its viewer prepared from a state mid-game).
            const from = lastPosition - Math.floor(storedEvents / 3);
            const readers = [];
            for (let i = 0; i < 3; i += 1) readers.push((await open(false, `/events/stream?from=${from}`)).client);
            readers.push((await open(false, `/events/stream?from=${from}&token=${api.organiserToken}`)).client);
            readers.push((await open(false, '/games/many-3/events/stream?from=400')).client);
            await Promise.all(readers.map((reader) => waitForCaughtUp(reader)));
          });
          held = Math.min(held, heldMs);
        } finally {
          // Also when a catch-up failed: the probe must not outlive the test (its requests would fail in another).
          done = true;
        }
        expect(await probe).toBeNull();
        await closeAll();
        slowestHealth = Math.min(slowestHealth, slowest);
      }
      expect(held).toBeLessThan(MAX_HOLD_MS);
      expect(slowestHealth).toBeLessThan(idleHealth + 100);
    },
    CLIENTS_TEST_MS,
  );
});
