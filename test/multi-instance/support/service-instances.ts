import { generateKeyPairSync } from 'node:crypto';
import * as path from 'node:path';
import type { GameEventLine } from '@app/games';
import type { Colour, Scenario } from '@app/rules';
import { ApiProcess } from '../../crash/support/api.child-process';
import { orderBody, readScenario, setupBody } from '../../api/support/scenario.http-player';
import { REPO_ROOT } from '../../support/repo-root';

export const ORGANISER_TOKEN = 'shared-organiser-token-0123456789';
export const SERVER_SECRET = 'shared-server-secret-0123456789abcdef';
/** Every instance signs receipts with this one key (a shared store requires it set, as the two above). */
export const RECEIPT_SIGNING_KEY = generateKeyPairSync('ed25519')
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/**
 * Service processes (`npm start`) on one store, each on an address of its own, reached by index. A request to an
 * instance that is down fails like a request to a dead machine.
 */
export class ServiceInstances {
  private readonly processes: (ApiProcess | undefined)[];
  private readonly urls: (string | undefined)[];

  constructor(
    private readonly hosts: readonly string[],
    private readonly store: () => Record<string, string>,
  ) {
    this.processes = hosts.map(() => undefined);
    this.urls = hosts.map(() => undefined);
  }

  get count(): number {
    return this.hosts.length;
  }

  async start(i: number): Promise<void> {
    const api = ApiProcess.start({
      host: this.hosts[i],
      store: this.store(),
      organiserToken: ORGANISER_TOKEN,
      serverSecret: SERVER_SECRET,
      env: { GC_SCHEDULER: 'on', SSE_HEARTBEAT_MS: '1000', RECEIPT_SIGNING_KEY },
    });
    this.processes[i] = api;
    await api.ready(90_000);
    this.urls[i] = await api.url();
  }

  async startAll(): Promise<void> {
    await Promise.all(this.hosts.map((_, i) => this.start(i)));
  }

  url(i: number): string {
    const url = this.urls[i];
    if (url === undefined) throw new Error(`instance ${i} is not running`);
    return url;
  }

  log(i: number): string {
    return this.processes[i]?.log ?? '';
  }

  /** Kills instance `i` (no shutdown hook runs for SIGKILL). */
  async kill(i: number, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const api = this.processes[i];
    this.urls[i] = undefined;
    this.processes[i] = undefined;
    await api?.kill(signal);
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.hosts.map((_, i) => this.kill(i, 'SIGTERM')));
  }

  /** One request to instance `i`, as `token`'s caller. */
  async call<T = Record<string, unknown>>(
    i: number,
    method: string,
    pathName: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const response = await fetch(`${this.url(i)}${pathName}`, {
      method,
      headers: {
        ...(options.token === undefined ? {} : { Authorization: `Bearer ${options.token}` }),
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as T };
  }

  async events(i: number, gameId: string): Promise<GameEventLine[]> {
    const answer = await this.call<{ events: GameEventLine[] }>(i, 'GET', `/games/${gameId}/events`, {
      token: ORGANISER_TOKEN,
    });
    if (answer.status !== 200) throw new Error(`GET events on ${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.events;
  }

  /** Polls instance `i` until the game's events satisfy `done`. */
  async waitForEvents(
    i: number,
    gameId: string,
    done: (events: GameEventLine[]) => boolean,
    ms = 20_000,
  ): Promise<GameEventLine[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const events = await this.events(i, gameId);
      if (done(events)) return events;
      if (Date.now() > deadline) throw new Error(`timed out on instance ${i}; last ${events[events.length - 1]?.type}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export const countOf = (events: GameEventLine[], type: string) => events.filter((e) => e.type === type).length;

/** How many times each turn's garbage was collected, by turn. */
export function collectionsByTurn(events: GameEventLine[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const event of events) {
    if (event.type !== 'GarbageCollected') continue;
    const turn = (event.data as { turn: number }).turn;
    counts.set(turn, (counts.get(turn) ?? 0) + 1);
  }
  return counts;
}

export const BOLT_AND_BLADE = 'examples/bolt-and-blade.scenario.json';

export function scenario(file = BOLT_AND_BLADE): Scenario {
  return readScenario(path.join(REPO_ROOT, file));
}

/**
 * Plays a scenario file as `sanctum simulate` does (the command ids it uses as Idempotency-Keys), each command
 * sent to the instance `route` picks for it (`k` counts the commands). Waits for each turn's garbage collection,
 * which any instance's scheduler may carry out. Answers the players' tokens.
 */
export async function playSpread(
  instances: ServiceInstances,
  file: string,
  gameId: string,
  route: (k: number) => number,
  options: { turns?: number; from?: number; tokens?: Record<Colour, string> } = {},
): Promise<Record<Colour, string>> {
  const played = scenario(file);
  let k = 0;
  let tokens = options.tokens;
  if (tokens === undefined) {
    const created = await instances.call<{ playerTokens: Record<Colour, string> }>(route(k++), 'POST', '/games', {
      token: ORGANISER_TOKEN,
      body: setupBody(played, gameId),
      headers: { 'Idempotency-Key': 'setup' },
    });
    if (created.status !== 201) throw new Error(`POST /games: ${created.status} ${JSON.stringify(created.body)}`);
    tokens = created.body.playerTokens;
  }
  const from = options.from ?? 0;
  const turns = played.turns.slice(from, options.turns === undefined ? undefined : from + options.turns);
  for (const [t, turn] of turns.entries()) {
    const number = from + t + 1;
    for (const colour of ['red', 'blue'] as const) {
      for (const [o, order] of (turn.orders[colour] ?? []).entries()) {
        const answer = await instances.call(route(k++), 'POST', `/games/${gameId}/orders`, {
          token: tokens[colour],
          body: orderBody(colour, order),
          headers: { 'Idempotency-Key': `turn-${number}/${colour}/${o}` },
        });
        if (answer.status !== 201 && !order.expectRejected) {
          throw new Error(`turn ${number} ${colour}[${o}]: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }
    }
    for (const colour of ['red', 'blue'] as const) {
      const answer = await instances.call(route(k++), 'POST', `/games/${gameId}/confirm`, {
        token: tokens[colour],
        body: { player: colour },
        headers: { 'Idempotency-Key': `turn-${number}/${colour}/confirm` },
      });
      if (answer.status !== 200) throw new Error(`confirm ${number} ${colour}: ${answer.status}`);
    }
    await instances.waitForEvents(route(k++), gameId, (events) => countOf(events, 'GarbageCollected') >= number);
  }
  return tokens;
}
