/**
 * Issue #5, bad input: fast-check throws thousands of random and malformed requests at the running app (the real
 * HTTP service in this process, on a temporary SQLite file) and checks every answer:
 *
 * - nothing answers 5xx (or hangs, or leaks a secret, a token or a stack trace);
 * - a refused request (and any read) appends nothing, anywhere in the store, and leaves the state the service
 *   decides on (its cache) equal to the fold of the game's events;
 * - an accepted command was sent with the right credentials, records its events under its Idempotency-Key in its
 *   own game, has no field the API does not define (docs/api.md: an unknown field is a 400 — `__proto__`,
 *   `constructor`, `toString` included), and leaves the board sound (the invariants of the rules property test);
 * - a command sent again with its Idempotency-Key answers with its first result and records nothing; a key reused
 *   for a different command is not answered with that other command's outcome;
 * - Object.prototype is never polluted;
 * - at the end, every game's state over HTTP is the fold of its events over HTTP, and its audit verifies.
 *
 * Requests run one at a time (and each accepted turn's garbage collection is waited for), so that "did this
 * request change anything" has an exact answer. Every failure is collected, not just the first, and reported with
 * the request that caused it. Reproduce or widen a run with FUZZ_SEED=<n> and FUZZ_RUNS=<n> (default: a fixed
 * seed, 3000 requests); FUZZ_LOG_LEVEL=error shows the service's own logs (the stack of a 500).
 *
 * Why it is slow: 3,000 requests, one at a time; after each the store is checked, and after each command the service's
 * cache too, which is what makes "this request changed nothing" an exact answer. FUZZ_RUNS trades breadth for time.
 */
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EventEmitter } from 'node:events';
import { EventStore, type RecordedEvent } from '@app/event-store';
import {
  CHECKPOINT_STREAM,
  GameRepository,
  GarbageCollectionScheduler,
  gameIdOfStream,
  gameStream,
  playerToken,
} from '@app/games';
import type { Scenario } from '@app/rules';
import { REPO_ROOT } from '../support/repo-root';
import { boardProblems, foldEvents, sameJson } from './support/board-invariants.check';
import { type FuzzApi, startFuzzApi } from './support/fuzz-api.app';
import { type Colour, type RequestPlan, requestPlanArb } from './support/fuzz-request.arbitrary';
import {
  type BuiltRequest,
  type FuzzSetup,
  type FuzzWorld,
  buildRequest,
  describeRequest,
} from './support/fuzz-request.builder';
import type { JsonLike } from './support/json-body.mutation';
import { type WireResponse, closeWireClient, sendWire } from './support/wire-request.client';

const SEED = process.env.FUZZ_SEED === undefined ? 50_505 : Number(process.env.FUZZ_SEED);
const RUNS = process.env.FUZZ_RUNS === undefined ? 3_000 : Number(process.env.FUZZ_RUNS);
const ORGANISER_TOKEN = 'fuzz-organiser-token-0123456789';
const SERVER_SECRET = 'fuzz-server-secret-0123456789abcdef';
/** Games the fuzz test may create on top of the starting ones (accepted creates and forks beyond this are not played). */
const MAX_GAMES = 40;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const COMMAND_ROUTES = new Set(['orders', 'confirm', 'cancel']);

/** The fields a command body may have (docs/api.md: an unknown field is a 400, never silently dropped). */
const BODY_FIELDS: Record<string, { top: string[]; nested: Record<string, string[]> }> = {
  orders: {
    top: ['player', 'cast', 'target', 'attack', 'discard'],
    nested: { target: ['minion', 'group', 'structure', 'square', 'globe'], attack: ['attacker', 'victim', 'attack'] },
  },
  confirm: { top: ['player'], nested: {} },
};

/** Names no field of any body has, which parsers and validators treat specially (prototype members). */
const RESERVED = (key: string) => key === '__proto__' || key === 'prototype' || key in Object.prototype;

function parsedBody(body: Buffer | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Where a body has a reserved name as a key, at any depth (walked without recursion: bodies may nest deeply). */
function reservedKeysIn(json: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[json, '']];
  while (stack.length > 0) {
    const [value, where] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    for (const key of Object.keys(value)) {
      const path = where === '' ? key : `${where}.${key}`;
      if (RESERVED(key)) found.push(path);
      stack.push([(value as Record<string, unknown>)[key], path]);
    }
  }
  return found;
}

/** Fields of an accepted command's body that are not part of it (own keys, `__proto__` and `constructor` too). */
function unknownFields(route: string, body: Buffer | undefined): string[] {
  const json = parsedBody(body);
  if (route === 'create' || route === 'fork') return reservedKeysIn(json);
  const fields = BODY_FIELDS[route];
  if (fields === undefined || json === undefined) return [];
  const keysOf = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  const unknown = keysOf(json).filter((key) => !fields.top.includes(key));
  for (const [name, allowed] of Object.entries(fields.nested)) {
    const nested = (json as Record<string, unknown>)[name];
    unknown.push(
      ...keysOf(nested)
        .filter((key) => !allowed.includes(key))
        .map((key) => `${name}.${key}`),
    );
  }
  return unknown;
}

/** Every fixture of the project as a set-up (its turns give the orders to start mutations from). */
function loadSetups(): { name: string; setup: FuzzSetup }[] {
  const files = [
    path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'),
    ...fs
      .readdirSync(path.join(REPO_ROOT, 'test/scenarios/fixtures'))
      .filter((file) => file.endsWith('.scenario.json'))
      .sort()
      .map((file) => path.join(REPO_ROOT, 'test/scenarios/fixtures', file)),
  ];
  return files.map((file) => {
    const scenario = JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario;
    const { turns, ...setup } = scenario;
    const orders = turns.flatMap((turn) =>
      (['red', 'blue'] as const).flatMap((colour) =>
        (turn.orders[colour] ?? []).map(({ expectRejected: _expectRejected, ...order }) => ({
          colour,
          order: order as unknown as Record<string, JsonLike>,
        })),
      ),
    );
    return {
      name: path.basename(file, '.scenario.json'),
      setup: { setup: setup as unknown as Record<string, JsonLike>, orders },
    };
  });
}

/** Own property names of a prototype, to notice anything added to it. */
const shape = (prototype: object) => Object.getOwnPropertyNames(prototype).sort().join(',');

/**
 * Both realms' Object.prototype: the test (and the app's modules) run in Jest's sandbox, node's own modules
 * (http, querystring) in the main realm; an EventEmitter's prototype chain leads to the latter.
 */
const OBJECT_PROTOTYPES = [Object.prototype, Object.getPrototypeOf(EventEmitter.prototype) as object];
const PROTOTYPE_SHAPES = [
  ...OBJECT_PROTOTYPES.map(shape),
  shape(Array.prototype),
  shape(Function.prototype),
  shape(String.prototype),
];

function prototypesPolluted(): string | null {
  const now = [
    ...OBJECT_PROTOTYPES.map(shape),
    shape(Array.prototype),
    shape(Function.prototype),
    shape(String.prototype),
  ];
  if (now.some((value, i) => value !== PROTOTYPE_SHAPES[i]))
    return `a built-in prototype gained members: ${now.join(' | ')}`;
  for (const probe of [{}, Object.create(OBJECT_PROTOTYPES[1]) as object]) {
    for (const name of ['polluted', 'isAdmin']) {
      if (name in probe)
        return `every object now has "${name}" = ${JSON.stringify((probe as Record<string, unknown>)[name])}`;
    }
  }
  return null;
}

/** A step: a new request, or one accepted earlier sent again exactly (a client retrying). */
const stepArb: fc.Arbitrary<{ plan: RequestPlan } | { retry: number }> = fc.oneof(
  { weight: 12, arbitrary: requestPlanArb.map((plan) => ({ plan })) },
  { weight: 1, arbitrary: fc.nat().map((retry) => ({ retry })) },
);

interface Failure {
  kind: string;
  run: number;
  detail: string;
  /** The whole request (FUZZ_REPORT_FILE=<path> writes them out, to replay one by hand). */
  request?: { method: string; path: string; headers: [string, string][]; body?: string };
}

describe('HTTP fuzz: random and malformed requests against the running app (e2e, SQLite)', () => {
  let api: FuzzApi;
  let store: EventStore;
  let repository: GameRepository;
  let scheduler: GarbageCollectionScheduler;
  const setups = loadSetups();
  const failures: Failure[] = [];
  const statuses = new Map<string, number>();
  let skipped = 0;
  let run = 0;

  /** The last global position seen, and the collections scheduled and not yet seen carried out. */
  let head: number | undefined;
  const pendingCollections = new Set<string>();

  let keyCounter = 0;
  const world: FuzzWorld = {
    games: [],
    setups: setups.map((entry) => entry.setup),
    organiserToken: ORGANISER_TOKEN,
    serverSecret: SERVER_SECRET,
    keys: [],
    freshKey: (gameId) => {
      const key = `fz-key-${(keyCounter += 1)}`;
      // Recent keys are kept to be sent again (a retried or reused Idempotency-Key).
      world.keys.push({ key, gameId });
      if (world.keys.length > 200) world.keys.shift();
      return key;
    },
    stateOf: async (gameId) => (await repository.loadLatest(gameId, false)).state,
  };

  function fail(kind: string, built: BuiltRequest | null, detail: string): void {
    if (built === null) {
      failures.push({ kind, run, detail });
      return;
    }
    const { method, path: target, headers, body } = built.wire;
    failures.push({
      kind,
      run,
      detail: `${detail}\n    ${describeRequest(built)}`,
      request: { method, path: target, headers, body: body?.toString('latin1') },
    });
  }

  /**
   * Events appended anywhere since the last look (and which garbage collections they leave pending), but the
   * scheduler's checkpoint: the scheduler writes it on its own clock, so on a slow machine it falls inside any request.
   */
  async function newEvents(): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for (const event of await store.readAll({ fromPosition: head })) {
      head = event.position;
      if (event.stream === CHECKPOINT_STREAM) continue;
      events.push(event);
      const key = `${event.stream}/${String((event.data as { turn?: unknown }).turn)}`;
      if (event.type === 'GarbageCollectionScheduled') pendingCollections.add(key);
      if (event.type === 'GarbageCollected') pendingCollections.delete(key);
    }
    return events;
  }

  /** After an accepted turn: waits for its garbage collection (the scheduler's own command), so the next request starts from rest. */
  async function settle(built: BuiltRequest): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      await newEvents();
      if (pendingCollections.size === 0) return;
      if (Date.now() > deadline) {
        fail('collection', built, `garbage collection never carried out: ${[...pendingCollections].join(', ')}`);
        pendingCollections.clear();
        return;
      }
      await scheduler.whenIdle();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** The state the service decides on (its cache) must be the fold of the stored events, and the board sound. */
  async function checkGame(gameId: string, built: BuiltRequest, after: string): Promise<void> {
    const events = await store.readStream(gameStream(gameId));
    const folded = foldEvents(events);
    const cached = (await repository.loadLatest(gameId, false)).state;
    if (!sameJson(cached, folded)) {
      fail('state', built, `after ${after}, the state the service holds for ${gameId} is not the fold of its events`);
    }
    const problems = boardProblems(folded);
    if (problems.length > 0) fail('invariant', built, `after ${after}, ${gameId}: ${problems.join('; ')}`);
  }

  function parseJson(response: WireResponse): Record<string, unknown> | undefined {
    if (!String(response.headers['content-type'] ?? '').includes('json')) return undefined;
    try {
      return JSON.parse(response.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }

  /** Nothing secret, and nothing of the server's insides, in any answer. */
  function checkLeaks(built: BuiltRequest, response: WireResponse): void {
    const text = `${JSON.stringify(response.headers)}\n${response.body.toString('latin1')}`;
    if (text.includes(SERVER_SECRET)) fail('leak', built, 'the answer contains the server secret');
    if (text.includes(ORGANISER_TOKEN)) fail('leak', built, 'the answer contains the organiser token');
    const handsOutTokens =
      (built.route === 'create' || built.route === 'fork') && built.ownMethod && response.status < 300;
    if (!handsOutTokens) {
      for (const game of world.games) {
        for (const colour of ['red', 'blue'] as const) {
          if (text.includes(playerToken(SERVER_SECRET, game.gameId, colour))) {
            fail('leak', built, `the answer contains ${game.gameId}'s ${colour} player token`);
          }
        }
      }
    }
    if (text.includes(REPO_ROOT) || /node_modules|\n\s+at [^\n]+\(\S+:\d+:\d+\)/.test(text)) {
      fail('leak', built, `the answer shows the server's insides: ${text.slice(0, 400)}`);
    }
  }

  /** An accepted command: right credentials, its own game, its command id, an answer that matches what it recorded. */
  function checkAccepted(built: BuiltRequest, response: WireResponse, appended: RecordedEvent[]): void {
    const body = parseJson(response) ?? {};
    const { credential } = built;
    const commandEvents = appended.filter((event) => !String(event.metadata.commandId).startsWith('collect-garbage/'));
    if (COMMAND_ROUTES.has(built.route) && built.ownMethod) {
      if (built.gameId === null) {
        fail('accepted', built, `a command on a game that does not exist was accepted (${response.status})`);
        return;
      }
      if (credential.kind !== 'player' || credential.gameId !== built.gameId) {
        fail('auth', built, `accepted (${response.status}) without ${built.gameId}'s player token`);
      }
      const stream = gameStream(built.gameId);
      const elsewhere = appended.filter((event) => event.stream !== stream);
      if (elsewhere.length > 0) fail('scope', built, `appended to ${elsewhere[0].stream}, not ${stream}`);
      const player = (commandEvents[0]?.data as { player?: unknown } | undefined)?.player;
      if (commandEvents.length > 0 && credential.kind === 'player' && player !== credential.colour) {
        fail('auth', built, `${credential.colour}'s token recorded a command of ${String(player)}`);
      }
      const last = commandEvents[commandEvents.length - 1];
      if (last !== undefined && body.revision !== last.revision) {
        fail(
          'answer',
          built,
          `answered revision ${String(body.revision)}, but the command's last event is ${last.revision}`,
        );
      }
      const unknown = unknownFields(built.route, built.wire.body);
      if (unknown.length > 0) fail('unknown-field', built, `accepted with unknown field(s) ${unknown.join(', ')}`);
      if (built.route === 'orders' && typeof body.orderId !== 'string') {
        fail('answer', built, `an accepted order answered no orderId: ${JSON.stringify(body)}`);
      }
      if (built.route === 'confirm' && last !== undefined) {
        const executed = commandEvents.some((event) => event.type === 'SpellExecutionPhaseStarted');
        if (body.executed !== executed)
          fail('answer', built, `answered executed=${String(body.executed)}, recorded ${executed}`);
      }
    } else if ((built.route === 'create' || built.route === 'fork') && built.ownMethod) {
      if (credential.kind !== 'organiser')
        fail('auth', built, `a game was created (${response.status}) without the organiser token`);
      const reserved = unknownFields(built.route, built.wire.body);
      if (reserved.length > 0)
        fail('unknown-field', built, `accepted with reserved field name(s) ${reserved.join(', ')}`);
      const gameId = typeof body.gameId === 'string' ? body.gameId : '';
      const stream = gameStream(gameId);
      if (appended.some((event) => event.stream !== stream) || appended[0]?.revision !== 0) {
        fail(
          'scope',
          built,
          `creating ${gameId} appended elsewhere: ${appended.map((event) => `${event.stream}@${event.revision}`).join(', ')}`,
        );
      }
      const tokens = body.playerTokens as Record<Colour, string> | undefined;
      if (
        tokens?.red !== playerToken(SERVER_SECRET, gameId, 'red') ||
        tokens?.blue !== playerToken(SERVER_SECRET, gameId, 'blue')
      ) {
        fail('answer', built, `the new game's player tokens are not the derived ones: ${JSON.stringify(tokens)}`);
      }
      if (world.games.length < MAX_GAMES && !world.games.some((game) => game.gameId === gameId)) {
        const origin = world.games.find((game) => game.gameId === built.gameId);
        const setup =
          built.route === 'create' && built.plan.route.route === 'create'
            ? world.setups[built.plan.route.setup % world.setups.length]
            : undefined;
        world.games.push({ gameId, orders: setup?.orders ?? origin?.orders ?? [] });
      }
    } else {
      fail(
        'accepted',
        built,
        `${built.wire.method} on ${built.route} (${response.status}) appended ${appended.length} event(s)`,
      );
      return;
    }
    if (built.commandId !== null && built.route !== 'fork') {
      const other = commandEvents.find((event) => event.metadata.commandId !== built.commandId);
      if (other !== undefined) {
        fail(
          'command-id',
          built,
          `recorded under command id ${String(other.metadata.commandId)}, not the Idempotency-Key`,
        );
      }
    }
  }

  /** What a command request asks for, as the input event it records: its type and the data it must carry. */
  function expectedInput(built: BuiltRequest): { types: string[]; data: Record<string, unknown> } {
    const body = (parsedBody(built.wire.body) ?? {}) as Record<string, unknown>;
    if (built.route === 'confirm') return { types: ['OrdersConfirmed'], data: { player: body.player } };
    if (built.route === 'cancel') {
      const [, orderId] = /\/orders\/([^/?]*)/.exec(built.wire.path) ?? [];
      const player = new URLSearchParams(built.wire.path.split('?')[1] ?? '').get('player');
      return {
        types: ['SpellUntargeted', 'DiscardCancelled', 'AttackCancelled'],
        data: { player, orderId: decodeURIComponent(orderId ?? '') },
      };
    }
    if (body.cast !== undefined) {
      return { types: ['SpellTargeted'], data: { player: body.player, spell: body.cast, target: body.target } };
    }
    if (body.discard !== undefined)
      return { types: ['CardDiscarded'], data: { player: body.player, spell: body.discard } };
    const attack = (body.attack ?? {}) as Record<string, unknown>;
    return {
      types: ['AttackOrdered'],
      data: { player: body.player, attackerId: attack.attacker, victimId: attack.victim, attack: attack.attack ?? 0 },
    };
  }

  /**
   * A command accepted without recording anything is a retry (docs/api.md: "a retried request with the same key answers
   * with the first result and records nothing new"): the command recorded under its key in this game must be this
   * very command — same player, same order — and the answer must be that command's first answer.
   */
  async function checkReplayed(built: BuiltRequest, response: WireResponse): Promise<void> {
    const body = parseJson(response) ?? {};
    if (built.route === 'fork') {
      fail('answer', built, `a fork answered ${response.status} but recorded nothing`);
      return;
    }
    const gameId = built.route === 'create' ? String(body.gameId) : built.gameId;
    if (gameId === null || built.commandId === null) {
      fail('answer', built, `answered ${response.status} but recorded nothing, and sent no Idempotency-Key`);
      return;
    }
    const recorded = (await store.readStream(gameStream(gameId))).filter(
      (event) => event.metadata.commandId === built.commandId,
    );
    if (recorded.length === 0) {
      fail('answer', built, `answered ${response.status} but nothing is recorded under its key in ${gameId}`);
      return;
    }
    if (built.route === 'create') {
      if (recorded[0].type !== 'GameCreated')
        fail('key-reuse', built, `the key names a ${recorded[0].type}, not a creation`);
      return;
    }
    const expected = expectedInput(built);
    const first = recorded[0];
    const data = first.data as Record<string, unknown>;
    const same =
      expected.types.includes(first.type) &&
      Object.entries(expected.data).every(([field, value]) => sameJson(data[field] ?? null, value ?? null));
    if (!same) {
      fail(
        'key-reuse',
        built,
        `a reused Idempotency-Key was answered ${response.status} ${JSON.stringify(body)} with the outcome of another ` +
          `command (${first.type} ${JSON.stringify(data)}), and this one was not recorded`,
      );
      return;
    }
    const last = recorded[recorded.length - 1];
    if (body.revision !== last.revision) {
      fail(
        'retry-answer',
        built,
        `a retry answered revision ${String(body.revision)}; the first answer was ${last.revision}`,
      );
    }
  }

  /** Commands accepted with an Idempotency-Key, and their answers: some are sent again, byte for byte. */
  const accepted: { built: BuiltRequest; status: number; answer: unknown }[] = [];

  /** A retry of an accepted command must answer exactly as the first time and record nothing (docs/api.md). */
  function checkRetry(
    built: BuiltRequest,
    first: (typeof accepted)[number],
    response: WireResponse,
    appended: RecordedEvent[],
  ): void {
    if (appended.length > 0) {
      fail(
        'retry-recorded',
        built,
        `a retry recorded again: ${appended.map((event) => `${event.stream}@${event.revision} ${event.type}`).join(', ')}`,
      );
    }
    const answer = parseJson(response);
    if (response.status !== first.status || !sameJson(answer ?? null, first.answer ?? null)) {
      fail(
        'retry-answer',
        built,
        `a retry answered ${response.status} ${JSON.stringify(answer)}; the first answer was ${first.status} ${JSON.stringify(first.answer)}`,
      );
    }
  }

  async function runOne(built: BuiltRequest, retryOf?: (typeof accepted)[number]): Promise<void> {
    const outcome = await sendWire(api.port, built.wire);
    if ('error' in outcome) {
      if (outcome.error.startsWith('client refused')) {
        skipped += 1;
        return;
      }
      // A body over the limit may be refused (413) before it is read: the connection then ends early.
      const oversized = (built.wire.body?.length ?? 0) > 1024 * 1024;
      if (!(oversized && (outcome.partial === undefined || outcome.partial.status === 413))) {
        fail('transport', built, `no answer: ${outcome.error} (partial status ${outcome.partial?.status ?? 'none'})`);
      }
      statuses.set('no answer', (statuses.get('no answer') ?? 0) + 1);
      if ((await newEvents()).length > 0) fail('changed', built, 'a request that got no answer changed the store');
      return;
    }
    const { response } = outcome;
    const bucket = `${built.route} ${response.status}`;
    statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
    if (response.status >= 500 || response.status < 100) {
      // For triage: whether the Idempotency-Key already named a command of this game.
      const earlier =
        built.gameId === null || built.commandId === null
          ? []
          : (await store.readStream(gameStream(built.gameId))).filter(
              (event) => event.metadata.commandId === built.commandId,
            );
      const note = earlier.length === 0 ? '' : ` (its Idempotency-Key already names a ${earlier[0].type} of this game)`;
      fail('5xx', built, `answered ${response.status}${note}: ${response.body.toString('utf8').slice(0, 400)}`);
    }
    const polluted = prototypesPolluted();
    if (polluted !== null) fail('pollution', built, polluted);
    checkLeaks(built, response);
    const json = parseJson(response);
    if (response.status >= 400 && json !== undefined && json.statusCode !== response.status) {
      fail('answer', built, `a ${response.status} whose body says statusCode ${String(json.statusCode)}`);
    }

    const appended = await newEvents();
    const refused = response.status >= 300 || READ_METHODS.has(built.wire.method.toUpperCase());
    if (retryOf !== undefined) {
      checkRetry(built, retryOf, response, appended);
    } else if (appended.length > 0 && refused) {
      fail(
        'changed',
        built,
        `answered ${response.status} yet appended ${appended.map((event) => `${event.stream}@${event.revision} ${event.type}`).join(', ')}`,
      );
    } else if (appended.length > 0) {
      checkAccepted(built, response, appended);
      const commandRoute = COMMAND_ROUTES.has(built.route) || built.route === 'create';
      if (commandRoute && built.ownMethod && built.commandId !== null) {
        accepted.push({ built, status: response.status, answer: json });
        if (accepted.length > 100) accepted.shift();
      }
    } else if (
      response.status < 300 &&
      built.ownMethod &&
      (COMMAND_ROUTES.has(built.route) || built.route === 'create' || built.route === 'fork')
    ) {
      await checkReplayed(built, response);
    }
    await settle(built);
    if (built.gameId !== null && COMMAND_ROUTES.has(built.route)) {
      await checkGame(built.gameId, built, `${built.route} → ${response.status}`);
    }
    for (const event of appended) {
      const gameId = gameIdOfStream(event.stream);
      if (gameId !== null && event.revision === 0 && world.games.some((game) => game.gameId === gameId)) {
        await checkGame(gameId, built, `creating ${gameId}`);
      }
    }
  }

  async function organiser(pathName: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${api.url}${pathName}`, {
      ...init,
      headers: { Authorization: `Bearer ${ORGANISER_TOKEN}`, 'Content-Type': 'application/json', ...init.headers },
    });
  }

  beforeAll(async () => {
    api = await startFuzzApi({ organiserToken: ORGANISER_TOKEN, serverSecret: SERVER_SECRET });
    store = api.app.get(EventStore);
    repository = api.app.get(GameRepository);
    scheduler = api.app.get(GarbageCollectionScheduler);
    // A few games to play: the example and three fixtures with plenty of minions, mana and spells.
    const starting = [
      'bolt-and-blade',
      't3-attacks-on-or-by-the-dead-fizzle',
      'd0-magical-missile-passes-missile-ward',
      'q3-replaced-group-squanders-later-spell',
    ];
    for (const [i, name] of starting.entries()) {
      const entry = setups.find((candidate) => candidate.name === name) ?? setups[i];
      const gameId = `fz-start-${i}`;
      const response = await organiser('/games', {
        method: 'POST',
        headers: { 'Idempotency-Key': `setup/${gameId}` },
        body: JSON.stringify({ ...entry.setup.setup, gameId }),
      });
      if (response.status !== 201)
        throw new Error(`POST /games ${gameId}: ${response.status} ${await response.text()}`);
      world.games.push({ gameId, orders: entry.setup.orders });
    }
    await newEvents();
  });

  afterAll(async () => {
    closeWireClient();
    await api?.close();
  });

  it(`answers ${RUNS} random and malformed requests below 500, and only accepted commands change anything`, async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(stepArb, async (step) => {
        run += 1;
        const retryOf = 'retry' in step ? accepted[step.retry % Math.max(1, accepted.length)] : undefined;
        if (retryOf !== undefined) await runOne(retryOf.built, retryOf);
        else if ('plan' in step) await runOne(await buildRequest(world, step.plan));
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const summary = [...statuses.entries()].sort(([a], [b]) => a.localeCompare(b));
    if (process.env.FUZZ_VERBOSE) {
      process.stdout.write(
        `fuzz: seed ${SEED}, ${run} requests (${skipped} not sendable) in ${Date.now() - started} ms, ` +
          `${world.games.length} games\n${summary.map(([bucket, count]) => `  ${bucket}: ${count}`).join('\n')}\n`,
      );
    }
    if (process.env.FUZZ_REPORT_FILE) fs.writeFileSync(process.env.FUZZ_REPORT_FILE, JSON.stringify(failures, null, 1));
    // Every kind of failure with its count, and the first few requests of each kind.
    const byKind = new Map<string, Failure[]>();
    for (const failure of failures) byKind.set(failure.kind, [...(byKind.get(failure.kind) ?? []), failure]);
    const report = [...byKind.values()]
      .flatMap((found) => found.slice(0, 3))
      .map((failure) => `#${failure.run} [${failure.kind}] ${failure.detail}`)
      .join('\n\n');
    const counts = Object.fromEntries([...byKind].map(([kind, found]) => [kind, found.length]));
    expect({ seed: SEED, failures: counts, report }).toEqual({
      seed: SEED,
      failures: {},
      report: '',
    });
  }, 300_000);

  it('leaves every game (the ones it started and the ones it created) a fold of its events, sound, and audited clean', async () => {
    const list = (await (await organiser('/games')).json()) as { games: { gameId: string; revision: number }[] };
    expect(list.games.length).toBeGreaterThanOrEqual(4);
    const problems: string[] = [];
    for (const { gameId, revision } of list.games) {
      const events = ((await (await organiser(`/games/${gameId}/events`)).json()) as { events: RecordedEvent[] })
        .events;
      const state = (await (await organiser(`/games/${gameId}/state`)).json()) as { revision: number; state: unknown };
      const folded = foldEvents(events);
      if (events.length === 0 || events[events.length - 1].revision !== revision || state.revision !== revision) {
        problems.push(
          `${gameId}: listed at ${revision}, events end at ${events[events.length - 1]?.revision}, state at ${state.revision}`,
        );
      }
      if (!sameJson(state.state, folded)) problems.push(`${gameId}: GET /state is not the fold of GET /events`);
      problems.push(...boardProblems(folded).map((problem) => `${gameId}: ${problem}`));
      const scheduled = events.filter((event) => event.type === 'GarbageCollectionScheduled').length;
      const collected = events.filter((event) => event.type === 'GarbageCollected').length;
      if (scheduled !== collected)
        problems.push(`${gameId}: ${scheduled} collections scheduled, ${collected} carried out`);
      const audit = (await (await organiser(`/games/${gameId}/audit`)).json()) as {
        chain: { intact: boolean; firstBrokenRevision: number | null };
        resimulation: { identical: boolean; firstDivergence: unknown };
      };
      if (!audit.chain?.intact || !audit.resimulation?.identical) {
        problems.push(
          `${gameId}: audit ${JSON.stringify({ chain: audit.chain, resimulation: audit.resimulation }).slice(0, 1500)}`,
        );
      }
    }
    expect(problems).toEqual([]);
    expect(prototypesPolluted()).toBeNull();
  }, 120_000);
});
