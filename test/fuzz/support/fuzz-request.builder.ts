import { playerToken, readPlayerToken } from '@app/games';
import type { GameState } from '@app/rules';
import type {
  AuthPlan,
  Colour,
  GamePick,
  NewIdPlan,
  OrderIntent,
  QueryPair,
  RequestPlan,
  RouteName,
  RoutePlan,
} from './fuzz-request.arbitrary';
import { type JsonLike, copyJson, mutate, toJsonText } from './json-body.mutation';
import type { WireRequest } from './wire-request.client';

/** A game the fuzz test plays, and the orders its scenario file gives (good starting points for mutations). */
export interface FuzzGame {
  gameId: string;
  orders: { colour: Colour; order: Record<string, JsonLike> }[];
}

/** A set-up the fuzz test may create games from (a scenario file without its turns). */
export interface FuzzSetup {
  setup: Record<string, JsonLike>;
  orders: FuzzGame['orders'];
}

/** Everything a plan is made concrete against: the games as they stand, the secrets, the keys used so far. */
export interface FuzzWorld {
  games: FuzzGame[];
  setups: FuzzSetup[];
  organiserToken: string;
  serverSecret: string;
  /** Idempotency keys sent so far, with the game they were sent for (a few are sent again on purpose). */
  keys: { key: string; gameId: string | null }[];
  /** A key never sent before. */
  freshKey(gameId: string | null): string;
  /** The latest state of a known game (in-process: what the service decides on). */
  stateOf(gameId: string): Promise<GameState>;
}

/** Who the Authorization header says the caller is. */
export type Credential =
  { kind: 'organiser' | 'none' | 'invalid' } | { kind: 'player'; gameId: string; colour: Colour };

/** A plan made concrete: the bytes to send, and what the checks need to know about them. */
export interface BuiltRequest {
  plan: RequestPlan;
  wire: WireRequest;
  route: RouteName;
  /** The route's own method (and so the handler the route names, if the path is well-formed). */
  ownMethod: boolean;
  /** The known game the path names (null: none, or an unknown or malformed id). */
  gameId: string | null;
  credential: Credential;
  /** The Idempotency-Key sent, if it is one the service takes as the command id. */
  commandId: string | null;
}

const OWN_METHOD: Record<RouteName, string> = {
  orders: 'POST',
  confirm: 'POST',
  cancel: 'DELETE',
  create: 'POST',
  fork: 'POST',
  state: 'GET',
  events: 'GET',
  audit: 'GET',
  'game-stream': 'GET',
  why: 'GET',
  'global-stream': 'GET',
  list: 'GET',
  health: 'GET',
  docs: 'GET',
  replay: 'GET',
  'replay-asset': 'GET',
  unknown: 'GET',
};

const COMMAND_ID = /^[\x21-\x7e]{1,64}$/;
const BODY_LIMIT = 1024 * 1024;

const other = (colour: Colour): Colour => (colour === 'red' ? 'blue' : 'red');

function at<T>(items: readonly T[], pick: number): T | undefined {
  return items.length === 0 ? undefined : items[pick % items.length];
}

/** Text as header bytes: anything past latin1 goes as its UTF-8 bytes; CR and LF never (no header injection). */
function headerValue(value: string): string {
  return Buffer.from(value, 'utf8')
    .toString('latin1')
    .replace(/[\r\n]/g, ' ');
}

/** What node's client refuses in a header value or path: such requests go out over a raw socket instead. */
const NOT_FOR_NODE_HEADER = /[^\t\x20-\x7e\x80-\xff]/;
const NOT_FOR_NODE_PATH = /[^\u0021-\u00ff]/;

function queryString(pairs: readonly QueryPair[]): string {
  if (pairs.length === 0) return '';
  const encodeKey = (key: string) => encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
  return `?${pairs.map(([key, value]) => `${encodeKey(key)}=${encodeURIComponent(value)}`).join('&')}`;
}

function pathGame(world: FuzzWorld, pick: GamePick): { segment: string; known: string | null; valid: string } {
  if (pick.kind === 'known') {
    const game = at(world.games, pick.pick);
    if (game !== undefined) return { segment: game.gameId, known: game.gameId, valid: game.gameId };
  }
  if (pick.kind === 'junk') return { segment: pick.text, known: null, valid: 'nope' };
  const id = `nope-${pick.kind === 'unknown' ? pick.n : 0}`;
  return { segment: id, known: null, valid: id };
}

function newGameId(world: FuzzWorld, plan: NewIdPlan): JsonLike | undefined {
  switch (plan.kind) {
    case 'fresh':
      return `fz-${plan.n}`;
    case 'taken':
      return at(world.games, plan.pick)?.gameId ?? 'fz-taken';
    case 'omitted':
      return undefined;
    default:
      return plan.value;
  }
}

/** The order an intent stands for in the game as it stands (or its file's, when the board offers none). */
function orderFor(game: FuzzGame, state: GameState, colour: Colour, intent: OrderIntent): Record<string, JsonLike> {
  const fixture = () => {
    const own = game.orders.filter((order) => order.colour === colour);
    return copyJson(at(own.length > 0 ? own : game.orders, intent.pick)?.order ?? { discard: 'bolt' }) as Record<
      string,
      JsonLike
    >;
  };
  const alive = Object.values(state.minions).filter((minion) => minion.status === 'alive' && minion.groupId !== null);
  const squareOf = (groupId: string | null) => (groupId === null ? undefined : state.groups[groupId]?.square);
  const hand = state.players[colour]?.hand ?? [];
  switch (intent.kind) {
    case 'attack': {
      const pairs = alive
        .filter((attacker) => attacker.owner === colour && attacker.attacks.length > 0)
        .flatMap((attacker) =>
          alive
            .filter((victim) => victim.owner !== colour && squareOf(victim.groupId) === squareOf(attacker.groupId))
            .map((victim) => ({ attacker: attacker.id, victim: victim.id })),
        );
      const pair = at(pairs, intent.pick);
      return pair === undefined ? fixture() : { attack: pair };
    }
    case 'cast': {
      const spell = at(hand, intent.pick);
      const definition = spell === undefined ? undefined : state.spells[spell];
      if (spell === undefined || definition === undefined) return fixture();
      const kind = definition.target.kind;
      const ids: Record<string, string[]> = {
        minion: alive.map((minion) => minion.id),
        group: Object.keys(state.groups),
        structure: Object.keys(state.structures),
        square: Object.values(state.groups).map((group) => group.square),
      };
      if (kind === 'globe') return { cast: spell, target: { globe: true } };
      const id = at(ids[kind] ?? [], intent.pick >> 3);
      return id === undefined ? fixture() : { cast: spell, target: { [kind]: id } };
    }
    case 'discard': {
      const spell = at(hand, intent.pick);
      return spell === undefined ? fixture() : { discard: spell };
    }
    default:
      return fixture();
  }
}

function credentialOf(world: FuzzWorld, authorization: string | undefined): Credential {
  if (authorization === undefined) return { kind: 'none' };
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(authorization);
  if (match === null) return { kind: 'invalid' };
  if (match[1] === world.organiserToken) return { kind: 'organiser' };
  const claim = readPlayerToken(world.serverSecret, match[1]);
  return claim === null ? { kind: 'invalid' } : { kind: 'player', ...claim };
}

function authorizationFor(
  world: FuzzWorld,
  auth: AuthPlan,
  route: RoutePlan,
  game: { valid: string } | null,
  colour: Colour,
): string | undefined {
  const organiserRoute = ['create', 'fork', 'audit', 'why'].includes(route.route) || game === null;
  const token = (gameId: string, as: Colour) => `Bearer ${playerToken(world.serverSecret, gameId, as)}`;
  switch (auth.kind) {
    case 'own':
      return organiserRoute ? `Bearer ${world.organiserToken}` : token(game.valid, colour);
    case 'other-colour':
      return token(game?.valid ?? 'nope', organiserRoute ? 'red' : other(colour));
    case 'organiser':
      return `Bearer ${world.organiserToken}`;
    case 'other-game': {
      const others = world.games.filter((candidate) => candidate.gameId !== game?.valid);
      return token(at(others, auth.pick)?.gameId ?? 'elsewhere', colour);
    }
    case 'forged':
      return `Bearer ${game?.valid ?? 'nope'}.${colour}.${'A'.repeat(43)}`;
    case 'header':
      return auth.value;
    default:
      return undefined;
  }
}

/** Makes a plan concrete against the world as it stands. */
export async function buildRequest(world: FuzzWorld, plan: RequestPlan): Promise<BuiltRequest> {
  const { route } = plan;
  const game = 'game' in route ? pathGame(world, route.game) : null;
  const colour: Colour = 'colour' in route ? route.colour : 'red';
  const known = game?.known == null ? undefined : world.games.find((candidate) => candidate.gameId === game.known);
  const state = known === undefined ? undefined : await world.stateOf(known.gameId);

  let path: string;
  let intentBody: JsonLike | undefined;
  switch (route.route) {
    case 'orders':
      path = `/games/${game!.segment}/orders`;
      intentBody = {
        player: colour,
        ...(known && state ? orderFor(known, state, colour, route.order) : { discard: 'bolt' }),
      };
      break;
    case 'confirm':
      path = `/games/${game!.segment}/confirm`;
      intentBody = { player: colour };
      break;
    case 'cancel': {
      const ids = state?.orderIds ?? [];
      const own = ids.filter((id) => state?.orders[id]?.player === colour);
      const orderId =
        route.orderId.kind === 'junk'
          ? route.orderId.text
          : route.orderId.kind === 'missing'
            ? 'order.9999'
            : (at(route.orderId.kind === 'own' ? own : ids, route.orderId.pick) ?? 'order.1');
      const query = route.query.length === 0 ? ([['player', colour]] as QueryPair[]) : route.query;
      path = `/games/${game!.segment}/orders/${orderId}${queryString(query)}`;
      break;
    }
    case 'create': {
      const setup = at(world.setups, route.setup)!;
      const gameId = newGameId(world, route.gameId);
      intentBody = gameId === undefined ? copyJson(setup.setup) : { ...(copyJson(setup.setup) as object), gameId };
      path = '/games';
      break;
    }
    case 'fork': {
      const gameId = newGameId(world, route.gameId);
      intentBody = gameId === undefined ? {} : { gameId };
      path = `/games/${game!.segment}/fork${queryString(route.query)}`;
      break;
    }
    case 'state':
    case 'events':
    case 'audit':
      path = `/games/${game!.segment}/${route.route}${queryString(route.query)}`;
      break;
    case 'game-stream':
      path = `/games/${game!.segment}/events/stream${queryString(route.query)}`;
      break;
    case 'why':
      path = `/games/${game!.segment}/events/${route.revision}/why`;
      break;
    case 'global-stream':
      path = `/events/stream${queryString(route.query)}`;
      break;
    case 'list':
      path = `/games${queryString(route.query)}`;
      break;
    case 'health':
      path = `/health${queryString(route.query)}`;
      break;
    case 'docs':
      path = `/docs-json${queryString(route.query)}`;
      break;
    case 'replay':
      path = `/replay/${game!.segment}`;
      break;
    case 'replay-asset':
      path = `/replay/assets/${route.file}`;
      break;
    default:
      path = route.path;
  }

  let body: Buffer | undefined;
  switch (plan.body.kind) {
    case 'intent':
      if (intentBody !== undefined) body = Buffer.from(toJsonText(mutate(intentBody, plan.mutations)), 'utf8');
      break;
    case 'json':
      body = Buffer.from(toJsonText(mutate(plan.body.value, plan.mutations)), 'utf8');
      break;
    case 'text':
      body = Buffer.from(plan.body.text, 'utf8');
      break;
    case 'bytes':
      body = Buffer.from(plan.body.bytes);
      break;
    case 'oversized':
      body = Buffer.from(`{"player":"${colour}","pad":"${'x'.repeat(BODY_LIMIT + plan.body.extra)}"}`, 'utf8');
      break;
    default:
      body = undefined;
  }

  const headers: [string, string][] = [];
  const authorization = authorizationFor(world, plan.auth, route, game, colour);
  if (authorization !== undefined) headers.push(['Authorization', headerValue(authorization)]);
  if (plan.contentType !== null) headers.push(['Content-Type', headerValue(plan.contentType)]);
  let keys: string[] = [];
  const forGame = known?.gameId ?? null;
  if (plan.key.kind === 'fresh') {
    keys = [world.freshKey(forGame)];
  } else if (plan.key.kind === 'reused') {
    // Mostly a key already sent for this game (a retry, or a reuse for another command), else any.
    const same = world.keys.filter((entry) => entry.gameId === forGame);
    const pool = plan.key.pick % 4 === 0 || same.length === 0 ? world.keys : same;
    keys = [at(pool, plan.key.pick >> 2)?.key ?? world.freshKey(forGame)];
  } else if (plan.key.kind === 'header') {
    keys = plan.key.values.map(headerValue);
  }
  for (const key of keys) headers.push(['Idempotency-Key', key]);
  for (const [name, value] of plan.extraHeaders) headers.push([name, headerValue(value)]);

  const method = plan.method ?? OWN_METHOD[route.route];
  const needsRaw =
    NOT_FOR_NODE_PATH.test(path) ||
    headers.some(([, value]) => NOT_FOR_NODE_HEADER.test(value)) ||
    !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(method);
  const transport = needsRaw ? 'raw' : plan.transport;
  const wire: WireRequest = {
    method,
    path: transport === 'raw' ? Buffer.from(path, 'utf8').toString('latin1') : path,
    headers,
    body,
    chunked: transport === 'chunked',
    raw: transport === 'raw',
    stream: /\/events\/stream\/?(\?|$)/.test(path),
  };
  return {
    plan,
    wire,
    route: route.route,
    ownMethod: method === OWN_METHOD[route.route],
    gameId: known?.gameId ?? null,
    credential: credentialOf(world, authorization),
    commandId: keys.length === 1 && COMMAND_ID.test(keys[0]) ? keys[0] : null,
  };
}

/** The request in a few lines, for a failure message. */
export function describeRequest(built: BuiltRequest): string {
  const { wire } = built;
  const body = wire.body === undefined ? '(no body)' : wire.body.toString('utf8');
  const short = (value: string, max: number) =>
    value.length > max ? `${value.slice(0, max)}… (${value.length} chars)` : value;
  return [
    `${wire.method} ${short(wire.path, 300)}${wire.raw ? ' [raw socket]' : wire.chunked ? ' [chunked]' : ''}`,
    ...wire.headers.map(([name, value]) => `${name}: ${short(JSON.stringify(value), 200)}`),
    `body: ${short(JSON.stringify(body), 600)}`,
    `credential: ${JSON.stringify(built.credential)}`,
  ].join('\n    ');
}
