import fc from 'fast-check';
import { type JsonLike, type Mutation, RawJson, ownKey } from './json-body.mutation';

/**
 * What a fuzzed request is, as plain data (so fast-check can generate, print and replay it). Anything that
 * depends on the game as it stands — a legal attack, an order id to cancel — is an intent here, turned into a
 * concrete request just before it is sent (fuzz-request.builder.ts).
 */

export type Colour = 'red' | 'blue';

/** The game in the path: one the test knows, a well-formed id of no game, or anything at all. */
export type GamePick =
  { kind: 'known'; pick: number } | { kind: 'unknown'; n: number } | { kind: 'junk'; text: string };

/** A new game's id in a create or fork body. */
export type NewIdPlan =
  | { kind: 'fresh'; n: number }
  | { kind: 'taken'; pick: number }
  | { kind: 'omitted' }
  | { kind: 'junk'; value: JsonLike };

/** An order as it would be given now: derived from the game's state, or one of its scenario file's. */
export type OrderIntent = { kind: 'attack' | 'cast' | 'discard' | 'fixture'; pick: number };

export type OrderIdPick = { kind: 'own' | 'any'; pick: number } | { kind: 'missing' } | { kind: 'junk'; text: string };

export type QueryPair = [string, string];

export type RoutePlan =
  | { route: 'orders'; game: GamePick; colour: Colour; order: OrderIntent }
  | { route: 'confirm'; game: GamePick; colour: Colour }
  | { route: 'cancel'; game: GamePick; colour: Colour; orderId: OrderIdPick; query: QueryPair[] }
  | { route: 'create'; setup: number; gameId: NewIdPlan }
  | { route: 'fork'; game: GamePick; query: QueryPair[]; gameId: NewIdPlan }
  | { route: 'state' | 'events' | 'audit' | 'game-stream'; game: GamePick; colour: Colour; query: QueryPair[] }
  | { route: 'why'; game: GamePick; revision: string }
  | { route: 'global-stream' | 'list' | 'health' | 'docs'; query: QueryPair[] }
  | { route: 'replay'; game: GamePick }
  | { route: 'replay-asset'; file: string }
  | { route: 'unknown'; path: string };

export type RouteName = RoutePlan['route'];

/** Whose token is sent: the one the route wants (`own`), someone else's, a forged or malformed one, or none. */
export type AuthPlan =
  | { kind: 'own' | 'other-colour' | 'organiser' | 'forged' | 'none' }
  | { kind: 'other-game'; pick: number }
  | { kind: 'header'; value: string };

export type KeyPlan =
  { kind: 'none' | 'fresh' } | { kind: 'reused'; pick: number } | { kind: 'header'; values: string[] };

export type BodyPlan =
  | { kind: 'intent' }
  | { kind: 'json'; value: JsonLike }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: number[] }
  | { kind: 'oversized'; extra: number }
  | { kind: 'none' };

export type Transport = 'node' | 'chunked' | 'raw';

export interface RequestPlan {
  route: RoutePlan;
  /** null: the route's own method. */
  method: string | null;
  auth: AuthPlan;
  key: KeyPlan;
  /** null: no Content-Type header. */
  contentType: string | null;
  extraHeaders: [string, string][];
  body: BodyPlan;
  mutations: Mutation[];
  transport: Transport;
}

// ---------------------------------------------------------------------------------------------------------------
// Building blocks

const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });

/** Any code point, control characters and astral planes included. */
const anyText = (maxLength = 24) => fc.string({ unit: 'binary', maxLength });

/** Text that is nearly something valid: the confusions a parser must not fall for. */
const trickyText = fc.constantFrom(
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '0x10',
  '1e3',
  '-1',
  '-0',
  '007',
  '1.5',
  '99999999999999999999',
  ' red',
  'RED',
  'red\u0000',
  'blue ',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'order.1',
  'order.0',
  'b-archer',
  'r-sword',
  'bolt',
  'minion.1',
  '../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%s%n%x',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  "'; DROP TABLE events; --",
  '\u202e\u0000\uffff',
  'ゲーム',
  '🂡🂱',
);

const text = fc.oneof(w(3, trickyText), w(2, anyText()), w(1, fc.string({ maxLength: 12 })));

const hugeText = fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n));

/** Nesting that a recursive parser, validator or serialiser might not survive. */
const deepJson = fc
  .tuple(fc.constantFrom(50, 1_000, 10_000, 100_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson('['.repeat(depth) + ']'.repeat(depth))
      : new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  );

/** Objects aimed at prototype pollution and at code that trusts inherited members. */
const pollutingObject = fc.constantFrom<() => JsonLike>(
  () => ownKey('__proto__', { polluted: 'yes', isAdmin: true }),
  () => ({ constructor: { prototype: { polluted: 'yes' } } }),
  () => ({ prototype: { polluted: 'yes' } }),
  () => ({ toString: 'x', valueOf: 1, hasOwnProperty: 'y' }),
  () => ownKey('__proto__', ownKey('__proto__', { polluted: 'yes' })),
  () => [ownKey('__proto__', { polluted: 'yes' })],
);

/** Any junk a field may be given instead of its value. */
export const junkValue: fc.Arbitrary<JsonLike> = fc.oneof(
  w(
    4,
    fc.constantFrom<JsonLike>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      -0.5,
      1e308,
      -1e308,
      2 ** 53 + 1,
      Number.MIN_VALUE,
      [],
      {},
      [null],
      [1, 2, 3],
      { minion: 'b-archer', group: 'b-patrol' },
      { globe: false },
      { globe: 'true' },
      { attacker: 'r-sword' },
    ),
  ),
  w(
    2,
    fc.constantFrom(
      new RawJson('1e400'),
      new RawJson('-1e400'),
      new RawJson('-0'),
      new RawJson('0.0000000000000000000000001'),
      new RawJson('123456789012345678901234567890'),
    ),
  ),
  w(4, text),
  w(2, fc.integer()),
  w(1, fc.double()),
  w(1, hugeText),
  w(2, deepJson),
  w(
    3,
    pollutingObject.map((make) => make()),
  ),
  w(2, fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonLike>),
);

const junkKey = fc.oneof(
  w(3, fc.constantFrom('__proto__', 'constructor', 'prototype', 'player', 'extra', 'token', 'gameId', 'seed', '')),
  w(1, anyText(12)),
);

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('replace' as const), pick: fc.nat(), value: junkValue }),
  fc.record({ op: fc.constant('add' as const), pick: fc.nat(), key: junkKey, value: junkValue }),
);

// ---------------------------------------------------------------------------------------------------------------
// Routes

const gamePick: fc.Arbitrary<GamePick> = fc.oneof(
  w(12, fc.record({ kind: fc.constant('known' as const), pick: fc.nat() })),
  w(1, fc.record({ kind: fc.constant('unknown' as const), n: fc.nat(999) })),
  w(
    2,
    fc.record({
      kind: fc.constant('junk' as const),
      text: fc.oneof(
        fc.constantFrom(
          '',
          '..',
          '%2e%2e',
          '..%2f..%2fpackage.json',
          '%252e%252e',
          '%00',
          '%ff',
          '%',
          '%zz',
          '__proto__',
          'constructor',
          'hasOwnProperty',
          '1game',
          '-game',
          'a'.repeat(64),
          'a'.repeat(65),
          'a'.repeat(3_000),
          'a'.repeat(20_000),
          'game%20one',
          'game;drop',
          'g\u00e9',
        ),
        anyText(30).map(encodeURIComponent),
      ),
    }),
  ),
);

const newIdPlan: fc.Arbitrary<NewIdPlan> = fc.oneof(
  w(4, fc.record({ kind: fc.constant('fresh' as const), n: fc.nat(99_999) })),
  w(1, fc.record({ kind: fc.constant('taken' as const), pick: fc.nat() })),
  w(2, fc.constant({ kind: 'omitted' as const })),
  w(2, fc.record({ kind: fc.constant('junk' as const), value: junkValue })),
);

const colour = fc.constantFrom<Colour>('red', 'blue');

const wholeNumber = fc.oneof(
  w(4, fc.nat(120).map(String)),
  w(2, fc.constantFrom('-1', '1e3', '0x10', '1.5', '', ' 1', '99999999999999999999', '9007199254740993', 'NaN', 'abc')),
);

const eventTypes = fc.oneof(
  fc.constantFrom('DamageApplied,MinionDied', 'GarbageCollected', 'NoSuchEvent', ',', 'SpellTargeted,,', '__proto__'),
  text,
);

/** `?key=value` pairs: the route's own keys with good and bad values, then any keys at all. */
function queryArb(own: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<QueryPair[]> {
  const ownKeys = Object.keys(own);
  const ownPair =
    ownKeys.length === 0
      ? fc.constant<QueryPair>(['x', '1'])
      : fc.constantFrom(...ownKeys).chain((key) => own[key].map((value): QueryPair => [key, value]));
  const junkPair = fc.tuple(
    fc.oneof(
      fc.constantFrom(
        '__proto__[polluted]',
        'constructor[prototype][polluted]',
        '__proto__.polluted',
        'a[b][c][d][e][f][g]',
        'types[]',
        'token',
        'from',
        'at',
      ),
      anyText(8),
    ),
    fc.oneof(text, wholeNumber),
  );
  return fc.array(fc.oneof(w(4, ownPair), w(1, junkPair)), { maxLength: 4 });
}

const phase = fc.oneof(
  fc.constantFrom('setup', 'start', 'orders', 'spellExecution', 'combat', 'endOfTurn', 'garbageCollection'),
  text,
);

const stateQuery = queryArb({
  at: wholeNumber,
  turn: wholeNumber,
  phase,
  edge: fc.oneof(fc.constantFrom('start', 'end'), text),
});
const eventsQuery = queryArb({ from: wholeNumber, to: wholeNumber, types: eventTypes });
const streamQuery = queryArb({ from: wholeNumber, types: eventTypes, token: text });
const globalStreamQuery = queryArb({ from: wholeNumber, types: eventTypes, gameId: text, token: text });

const orderIntent: fc.Arbitrary<OrderIntent> = fc.record({
  kind: fc.constantFrom('attack', 'attack', 'cast', 'discard', 'fixture'),
  pick: fc.nat(),
});

const orderIdPick: fc.Arbitrary<OrderIdPick> = fc.oneof(
  w(4, fc.record({ kind: fc.constantFrom('own' as const, 'any' as const), pick: fc.nat() })),
  w(1, fc.constant({ kind: 'missing' as const })),
  w(1, fc.record({ kind: fc.constant('junk' as const), text: text.map(encodeURIComponent) })),
);

const unknownPath = fc.oneof(
  fc.constantFrom(
    '/',
    '//',
    '/games/',
    '//games',
    '/GAMES',
    '/games/%2e%2e/health',
    '/games/../health',
    '/../../../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/replay/assets/../../package.json',
    '/replay/assets/..%2f..%2fpackage.json',
    '/replay/assets/%2e%2e%2f%2e%2e%2f.env',
    '/docs/../health',
    '/.env',
    '/.git/config',
    '/admin',
    '/games/x/orders/1/2/3',
    '/events',
    '/events/stream/x',
    '/health/../../games',
    '/games?__proto__[polluted]=yes',
    '/health?constructor[prototype][polluted]=yes',
    '/%',
    '/%ff',
    `/${'a/'.repeat(2_000)}`,
    `/games?x=${'a'.repeat(10_000)}`,
    '*',
    'http://127.0.0.1/health',
  ),
  anyText(40).map((value) => `/${encodeURIComponent(value)}`),
);

const routePlan: fc.Arbitrary<RoutePlan> = fc.oneof(
  w(14, fc.record({ route: fc.constant('orders' as const), game: gamePick, colour, order: orderIntent })),
  w(7, fc.record({ route: fc.constant('confirm' as const), game: gamePick, colour })),
  w(
    3,
    fc.record({
      route: fc.constant('cancel' as const),
      game: gamePick,
      colour,
      orderId: orderIdPick,
      query: fc.oneof(fc.constant<QueryPair[]>([]), queryArb({ player: fc.oneof(colour, text) })),
    }),
  ),
  w(3, fc.record({ route: fc.constant('create' as const), setup: fc.nat(), gameId: newIdPlan })),
  w(
    2,
    fc.record({
      route: fc.constant('fork' as const),
      game: gamePick,
      query: queryArb({ at: wholeNumber }),
      gameId: newIdPlan,
    }),
  ),
  w(3, fc.record({ route: fc.constant('state' as const), game: gamePick, colour, query: stateQuery })),
  w(3, fc.record({ route: fc.constant('events' as const), game: gamePick, colour, query: eventsQuery })),
  w(
    1,
    fc.record({ route: fc.constant('audit' as const), game: gamePick, colour, query: fc.constant<QueryPair[]>([]) }),
  ),
  w(1, fc.record({ route: fc.constant('game-stream' as const), game: gamePick, colour, query: streamQuery })),
  w(
    1,
    fc.record({ route: fc.constant('why' as const), game: gamePick, revision: wholeNumber.map(encodeURIComponent) }),
  ),
  w(1, fc.record({ route: fc.constant('global-stream' as const), query: globalStreamQuery })),
  w(1, fc.record({ route: fc.constantFrom('list' as const, 'health' as const, 'docs' as const), query: queryArb({}) })),
  w(1, fc.record({ route: fc.constant('replay' as const), game: gamePick })),
  w(
    1,
    fc.record({
      route: fc.constant('replay-asset' as const),
      file: fc.oneof(
        fc.constantFrom('replay.js', 'replay.css', 'replay.html', '..%2f..%2fmain.ts', '.', '%2e'),
        text.map(encodeURIComponent),
      ),
    }),
  ),
  w(2, fc.record({ route: fc.constant('unknown' as const), path: unknownPath })),
);

// ---------------------------------------------------------------------------------------------------------------
// Headers and bodies

const authPlan: fc.Arbitrary<AuthPlan> = fc.oneof(
  w(20, fc.constant({ kind: 'own' as const })),
  w(2, fc.constant({ kind: 'other-colour' as const })),
  w(2, fc.constant({ kind: 'organiser' as const })),
  w(1, fc.record({ kind: fc.constant('other-game' as const), pick: fc.nat() })),
  w(1, fc.constant({ kind: 'forged' as const })),
  w(2, fc.constant({ kind: 'none' as const })),
  w(
    2,
    fc.record({
      kind: fc.constant('header' as const),
      value: fc.oneof(
        fc.constantFrom(
          '',
          'Bearer',
          'Bearer ',
          'bearer  x',
          'Basic dXNlcjpwYXNz',
          'Bearer a b',
          'Bearer ====',
          'Bearer \u00ff\u00fe',
          `Bearer ${'A'.repeat(600)}`,
          `Bearer ${'A'.repeat(12_000)}`,
          'Bearer null',
          'Bearer undefined',
          'Bearer __proto__',
          'Bearer g.red.',
          'Bearer a.b.c.d',
          'Digest username="x"',
        ),
        anyText(40).map((value) => `Bearer ${value}`),
      ),
    }),
  ),
);

const keyPlan: fc.Arbitrary<KeyPlan> = fc.oneof(
  w(6, fc.constant({ kind: 'fresh' as const })),
  w(3, fc.constant({ kind: 'none' as const })),
  w(2, fc.record({ kind: fc.constant('reused' as const), pick: fc.nat() })),
  w(
    2,
    fc.record({
      kind: fc.constant('header' as const),
      values: fc.array(
        fc.oneof(
          fc.constantFrom('', ' ', 'has space', 'tab\there', 'x'.repeat(64), 'x'.repeat(65), 'x'.repeat(9_000)),
          fc.constantFrom('\u00ff\u00fe\u0080', 'caf\u00e9', 'ключ', '🔑', '\u0000\u0001\u007f'),
          anyText(30),
        ),
        { minLength: 1, maxLength: 2 },
      ),
    }),
  ),
);

const contentType = fc.oneof(
  w(16, fc.constant('application/json')),
  w(2, fc.constant(null)),
  w(
    4,
    fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/json; charset=',
      'application/vnd.sanctum+json',
      'application/json, text/plain',
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----fuzz',
      'application/xml',
      '',
      ';;;',
      '*/*',
    ),
  ),
  w(1, anyText(20)),
);

const extraHeader: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(fc.constant('X-Request-Id'), fc.oneof(text, fc.constant('x'.repeat(300)))),
  fc.tuple(fc.constant('Last-Event-ID'), fc.oneof(wholeNumber, text)),
  fc.tuple(fc.constant('Accept'), fc.constantFrom('text/event-stream', 'application/xml', '*/*', 'text/html', '')),
  fc.tuple(
    fc.constant('Content-Encoding'),
    fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-zip', 'gzip, deflate'),
  ),
  fc.tuple(fc.constant('Expect'), fc.constantFrom('100-continue', 'teapot')),
  fc.tuple(fc.constant('Origin'), fc.constantFrom('http://evil.example', 'null')),
  fc.tuple(fc.constant('Cookie'), fc.constantFrom('session=x', '__proto__=x')),
  fc.tuple(fc.constant('X-HTTP-Method-Override'), fc.constantFrom('DELETE', 'PUT')),
  fc.tuple(fc.constant('X-Fuzz'), text),
);

const rawBodyText = fc.oneof(
  w(
    4,
    fc.constantFrom(
      '{',
      '}',
      '{"player":',
      '{"player":"red"',
      '[]',
      '[{"player":"red"}]',
      'null',
      '"red"',
      '1',
      'true',
      '{"player":"red"}{"player":"blue"}',
      '\ufeff{"player":"red"}',
      "{'player':'red'}",
      '{"player":"red",}',
      '{player:"red"}',
      '{"player":"red" /* c */}',
      '{"player":"red","player":"blue"}',
      '{"player":"blue","player":"red"}',
      '{"__proto__":{"polluted":"yes"},"player":"red"}',
      '{"constructor":{"prototype":{"polluted":"yes"}},"player":"red"}',
      '{"player":"red","cast":"bolt","target":{"minion":"b-archer"},"n":1e400}',
      '{"player":"red","attack":{"attacker":"r-sword","victim":"b-sword","attack":1e400}}',
      '{"player":"red","attack":{"attacker":"r-sword","victim":"b-sword","attack":-0}}',
      '{"player":"red","attack":{"attacker":"r-sword","victim":"b-sword","attack":1.0}}',
      '{"player":"red","discard":"\\ud800"}',
      '{"player":"\\u0072ed"}',
      '{"player":"red\\u0000"}',
      'player=red',
      '',
      ' ',
      '\u0000',
    ),
  ),
  w(2, anyText(60)),
  w(
    1,
    deepJson.map((raw) => raw.text),
  ),
  w(
    1,
    deepJson.map((raw) => `{"player":"red","cast":${raw.text},"target":{"minion":"b-archer"}}`),
  ),
);

const bodyPlan: fc.Arbitrary<BodyPlan> = fc.oneof(
  w(20, fc.constant({ kind: 'intent' as const })),
  w(3, fc.record({ kind: fc.constant('json' as const), value: junkValue })),
  w(4, fc.record({ kind: fc.constant('text' as const), text: rawBodyText })),
  w(1, fc.record({ kind: fc.constant('bytes' as const), bytes: fc.array(fc.nat(255), { maxLength: 64 }) })),
  w(1, fc.record({ kind: fc.constant('oversized' as const), extra: fc.nat(100_000) })),
  w(2, fc.constant({ kind: 'none' as const })),
);

const method = fc.oneof(
  w(6, fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS')),
  w(1, fc.constantFrom('TRACE', 'PROPFIND', 'FOO', 'get', 'M-SEARCH')),
);

/** A request with anything wrong in it: mostly the route's own method, credentials and body, else anything. */
const anyPlanArb: fc.Arbitrary<RequestPlan> = fc.record({
  route: routePlan,
  method: fc.oneof(w(12, fc.constant(null)), w(1, method)),
  auth: authPlan,
  key: keyPlan,
  contentType,
  extraHeaders: fc.oneof(
    w(4, fc.constant<[string, string][]>([])),
    w(1, fc.array(extraHeader, { minLength: 1, maxLength: 3 })),
  ),
  body: bodyPlan,
  mutations: fc.oneof(w(5, fc.constant<Mutation[]>([])), w(2, fc.array(mutationArb, { minLength: 1, maxLength: 3 }))),
  transport: fc.oneof(
    w(20, fc.constant('node' as const)),
    w(1, fc.constant('chunked' as const)),
    w(1, fc.constant('raw' as const)),
  ),
});

/** A well-formed request (the route's own method, credentials and JSON body): so the games move on between the bad ones. */
const wellFormedPlanArb: fc.Arbitrary<RequestPlan> = fc.record({
  route: routePlan,
  method: fc.constant(null),
  auth: fc.constant({ kind: 'own' as const }),
  key: fc.oneof(
    { weight: 3, arbitrary: fc.constant<KeyPlan>({ kind: 'fresh' }) },
    { weight: 2, arbitrary: fc.constant<KeyPlan>({ kind: 'none' }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('reused' as const), pick: fc.nat() }) },
  ),
  contentType: fc.constant('application/json'),
  extraHeaders: fc.constant<[string, string][]>([]),
  body: fc.constant({ kind: 'intent' as const }),
  mutations: fc.constant<Mutation[]>([]),
  transport: fc.constant('node' as const),
});

/** A well-formed request but for one field too many, often a name class-transformer or Nest treats specially. */
const oneFieldTooManyArb: fc.Arbitrary<RequestPlan> = wellFormedPlanArb.chain((plan) =>
  fc
    .record({
      op: fc.constant('add' as const),
      pick: fc.nat(),
      key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'toString'),
      value: junkValue,
    })
    .map((mutation): RequestPlan => ({ ...plan, mutations: [mutation] })),
);

/** Most requests are well-formed (commands the rules may still refuse), so the games move on; the rest anything. */
export const requestPlanArb: fc.Arbitrary<RequestPlan> = fc.oneof(
  w(4, wellFormedPlanArb),
  w(1, oneFieldTooManyArb),
  w(6, anyPlanArb),
);
