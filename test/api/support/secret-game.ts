import type { GameEventLine } from '@app/games';
import type { Scenario } from '@app/rules';
import type { ApiClient, ApiTestApp } from './api-test-app';
import { type PlayerTokens, countOf, createGame, readEvents, setupBody, waitForEvents } from './scenario.http-player';

/** The four ways of looking at a game (docs/viewers.md). */
export const VIEWERS = ['organiser', 'red', 'blue', 'spectator'] as const;
export type ViewerName = (typeof VIEWERS)[number];

/** A seed nobody but the organiser may learn (a hash or a log line holding it would be a leak too). */
export const SECRET_SEED = 4815162342;

function spell(key: string, house: string, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    key,
    name: key,
    house,
    type: 'manifestation',
    target: { kind: 'minion', side: 'friendly' },
    cost: { primary: 1, secondary: 0 },
    visible: true,
    cumulative: false,
    oncePerGame: false,
    effects: [{ heal: { amount: 1 } }],
    triggers: [],
    ...fields,
  };
}

const minion = (id: string, klass: string, hp: number, armor: number, damage: number) => ({
  id,
  kind: 'recruit',
  class: klass,
  hp,
  armor,
  attacks: [{ kind: klass === 'archer' ? 'missile' : 'hand', damage }],
});

/**
 * A game full of secrets. Red holds a non-visible ward (S9: only red ever sees it, its order, its active spell
 * and what it triggers), a bolt, and a card it never plays. Blue holds a gambit it casts (secret until turn 1
 * executes), a feint it orders and cancels (never to be revealed: it stays in blue's hand), and draws two cards
 * nobody else may learn of. Turn 2 stops in its orders phase with an order of each side pending.
 */
export const SECRET_SCENARIO: Scenario = {
  name: 'secrets',
  seed: SECRET_SEED,
  initiative: 'red',
  spells: {
    bolt: spell('bolt', 'war', {
      target: { kind: 'minion', side: 'enemy' },
      effects: [{ damage: { amount: 1, magical: true } }],
    }),
    'veiled-ward': spell('veiled-ward', 'war', {
      type: 'alteration',
      visible: false,
      cumulative: true,
      effects: [{ modifyStats: { armor: 1 } }],
      triggers: [{ on: 'atStartOfTurn', do: { heal: { amount: 1 } } }],
    }),
    'red-reserve': spell('red-reserve', 'war', { target: { kind: 'minion', side: 'enemy' } }),
    'blue-gambit': spell('blue-gambit', 'life', {}),
    'blue-feint': spell('blue-feint', 'life', {}),
    'blue-deep-card': spell('blue-deep-card', 'life', {}),
  },
  players: {
    red: {
      house: 'war',
      mana: { strife: 6, clarity: 3 },
      hand: ['bolt', 'veiled-ward', 'red-reserve'],
      deck: ['bolt'],
    },
    blue: {
      house: 'life',
      mana: { clarity: 4, world: 4 },
      hand: ['blue-gambit', 'blue-feint'],
      deck: ['blue-deep-card', 'blue-deep-card'],
    },
  },
  board: {
    groups: [
      { id: 'r-guard', owner: 'red', square: 'D4', minions: [minion('r-sword', 'swordsman', 7, 1, 5)] },
      {
        id: 'b-patrol',
        owner: 'blue',
        square: 'D4',
        minions: [minion('b-archer', 'archer', 3, 0, 2), minion('b-sword', 'swordsman', 8, 2, 4)],
      },
    ],
    structures: [],
    activeSpells: [],
  },
  turns: [],
} as unknown as Scenario;

/** Something hidden, and from which revision on each viewer's event list (`?to=REV`) shows it (never: Infinity). */
export interface Marker {
  name: string;
  /** As it is searched for in serialized responses (ids with their quotes, so `order.1` is not `order.12`). */
  text: string;
  from: Record<ViewerName, number>;
}

export interface SecretGame {
  gameId: string;
  tokens: PlayerTokens;
  /** The organiser's events (everything the store holds). */
  events: GameEventLine[];
  /** The revision of turn 1's SpellExecutionPhaseStarted: the turn's orders are released there. */
  execution: number;
  markers: Marker[];
}

async function order(client: ApiClient, gameId: string, body: Record<string, unknown>): Promise<string> {
  const response = await client.post(`/games/${gameId}/orders`).send(body);
  if (response.status !== 201) throw new Error(`order ${JSON.stringify(body)}: ${response.status} ${response.text}`);
  return (response.body as { orderId: string }).orderId;
}

/** Plays the secret game over HTTP, each side with its own token (the scheduler collects turn 1's garbage). */
export async function playSecretGame(api: ApiTestApp, gameId: string): Promise<SecretGame> {
  const { playerTokens: tokens } = await createGame(api, setupBody(SECRET_SCENARIO, gameId));
  const red = api.as(tokens.red);
  const blue = api.as(tokens.blue);
  const ward = await order(red, gameId, { player: 'red', cast: 'veiled-ward', target: { minion: 'r-sword' } });
  const bolt = await order(red, gameId, { player: 'red', cast: 'bolt', target: { minion: 'b-archer' } });
  const gambit = await order(blue, gameId, { player: 'blue', cast: 'blue-gambit', target: { minion: 'b-archer' } });
  const feint = await order(blue, gameId, { player: 'blue', cast: 'blue-feint', target: { minion: 'b-sword' } });
  await blue.delete(`/games/${gameId}/orders/${feint}?player=blue`).expect(200);
  const blueAttack = await order(blue, gameId, { player: 'blue', attack: { attacker: 'b-sword', victim: 'r-sword' } });
  await red.post(`/games/${gameId}/confirm`).send({ player: 'red' }).expect(200);
  await blue.post(`/games/${gameId}/confirm`).send({ player: 'blue' }).expect(200);
  await waitForEvents(api, gameId, (lines) => countOf(lines, 'OrdersPhaseStarted') === 2);
  const blueAttack2 = await order(blue, gameId, { player: 'blue', attack: { attacker: 'b-sword', victim: 'r-sword' } });
  const redAttack2 = await order(red, gameId, { player: 'red', attack: { attacker: 'r-sword', victim: 'b-sword' } });

  const events = await readEvents(api, gameId);
  const placed = (orderId: string) =>
    events.findIndex((event) => (event.data as { orderId?: string }).orderId === orderId);
  const execution = events.findIndex((event) => event.type === 'SpellExecutionPhaseStarted');
  const activation = events.find((event) => event.type === 'SpellActivated');
  const wardActive = (activation?.data as { activeSpellId: string }).activeSpellId;
  const never = Infinity;
  const quoted = (id: string) => `"${id}"`;
  const from = (organiser: number, red: number, blue: number, spectator: number) => ({
    organiser,
    red,
    blue,
    spectator,
  });
  const markers: Marker[] = [
    { name: 'the seed', text: String(SECRET_SEED), from: from(0, never, never, never) },
    {
      // What keys the genesis hash: whoever knows it could test guesses about hidden orders against a receipt's hash.
      name: 'the chain secret',
      text: String(events[0].metadata.chainSecret),
      from: from(0, never, never, never),
    },
    { name: 'red’s non-visible ward', text: 'veiled-ward', from: from(0, 0, never, never) },
    { name: 'the ward’s order', text: quoted(ward), from: from(placed(ward), placed(ward), never, never) },
    {
      name: 'the ward’s active spell',
      text: quoted(wardActive),
      from: from(
        events.indexOf(activation as GameEventLine),
        events.indexOf(activation as GameEventLine),
        never,
        never,
      ),
    },
    { name: 'red’s unplayed card', text: 'red-reserve', from: from(0, 0, never, never) },
    { name: 'red’s bolt', text: '"bolt"', from: from(0, 0, execution, execution) },
    { name: 'red’s bolt order', text: quoted(bolt), from: from(placed(bolt), placed(bolt), execution, execution) },
    { name: 'blue’s gambit', text: 'blue-gambit', from: from(0, execution, 0, execution) },
    {
      name: 'blue’s gambit order',
      text: quoted(gambit),
      from: from(placed(gambit), execution, placed(gambit), execution),
    },
    { name: 'blue’s cancelled feint', text: 'blue-feint', from: from(0, never, 0, never) },
    { name: 'the feint’s order', text: quoted(feint), from: from(placed(feint), never, placed(feint), never) },
    { name: 'blue’s deck', text: 'blue-deep-card', from: from(0, never, 0, never) },
    {
      name: 'blue’s turn-1 attack',
      text: quoted(blueAttack),
      from: from(placed(blueAttack), execution, placed(blueAttack), execution),
    },
    {
      name: 'blue’s pending attack',
      text: quoted(blueAttack2),
      from: from(placed(blueAttack2), never, placed(blueAttack2), never),
    },
    {
      name: 'red’s pending attack',
      text: quoted(redAttack2),
      from: from(placed(redAttack2), placed(redAttack2), never, never),
    },
  ];
  return { gameId, tokens, events, execution, markers };
}

/** The client of each viewer: the organiser's token, a player's, or none. */
export function clientsOf(api: ApiTestApp, tokens: PlayerTokens): Record<ViewerName, ApiClient> {
  return { organiser: api.organiser, red: api.as(tokens.red), blue: api.as(tokens.blue), spectator: api.as() };
}

/** The token each viewer sends (none for the spectator). */
export function tokenOf(api: ApiTestApp, tokens: PlayerTokens, viewer: ViewerName): string | undefined {
  return viewer === 'organiser' ? api.organiserToken : viewer === 'spectator' ? undefined : tokens[viewer];
}

/**
 * The markers a response covering revisions up to `upTo` must not hold for this viewer; `where` names the response
 * in the failure message. Returns the names of those that do (expected: none).
 */
export function leaks(text: string, markers: Marker[], viewer: ViewerName, upTo: number): string[] {
  return markers.filter((marker) => marker.from[viewer] > upTo && text.includes(marker.text)).map((m) => m.name);
}
