import type { EventStore } from '@app/event-store';
import { chainEvents, gameStream, genesisHash } from '@app/games';
import {
  type Colour,
  type Command,
  CommandRejected,
  type DomainEvent,
  type GameState,
  execute,
  initialState,
  isAlive,
} from '@app/rules';
import { seededRandom } from '@app/rules/testing';

const COLOURS: Colour[] = ['red', 'blue'];

function spell(key: string, house: string, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    key,
    name: key,
    house,
    type: 'manifestation',
    target: { kind: 'minion', side: 'enemy' },
    cost: { primary: 1, secondary: 0 },
    visible: true,
    cumulative: false,
    oncePerGame: false,
    effects: [{ damage: { amount: 1, magical: true } }],
    triggers: [],
    ...fields,
  };
}

/**
 * A set-up with secrets to keep: each side holds a visible bolt, a mend and a non-visible ward (S9: only its caster
 * ever sees it), and decks long enough for every turn; two squares where both sides stand, minions hard to kill.
 */
export function manyGamesSetup(seed: number): Record<string, unknown> {
  const random = seededRandom(seed);
  const cards = ['bolt', 'ward', 'mend'];
  const deck = Array.from({ length: 120 }, () => cards[Math.floor(random() * cards.length)] as string);
  const minion = (id: string) => ({
    id,
    kind: 'recruit',
    class: 'swordsman',
    hp: 60 + Math.floor(random() * 40),
    armor: Math.floor(random() * 2),
    attacks: [{ kind: 'hand', damage: 2 + Math.floor(random() * 4) }],
  });
  const groups = COLOURS.flatMap((colour) =>
    ['D4', 'E5'].map((square, g) => ({
      id: `${colour}-g${g}`,
      owner: colour,
      square,
      minions: [0, 1, 2].map((m) => minion(`${colour}-g${g}-m${m}`)),
    })),
  );
  const player = (house: string) => ({
    house,
    mana: { strife: 500, clarity: 500, world: 500 },
    income: { strife: 5, clarity: 5, world: 5 },
    hand: ['bolt', 'ward', 'mend'],
    deck: [...deck],
  });
  return {
    name: `many games ${seed}`,
    seed,
    initiative: 'red',
    spells: {
      bolt: spell('bolt', 'war', {}),
      ward: spell('ward', 'war', {
        type: 'alteration',
        target: { kind: 'minion', side: 'friendly' },
        visible: false,
        cumulative: true,
        effects: [{ modifyStats: { armor: 1 } }],
      }),
      mend: spell('mend', 'war', { target: { kind: 'minion', side: 'friendly' }, effects: [{ heal: { amount: 2 } }] }),
    },
    players: { red: player('war'), blue: player('war') },
    board: { groups, structures: [], activeSpells: [] },
  };
}

function living(state: GameState, owner: Colour): string[] {
  return state.minionIds.filter((id) => {
    const minion = state.minions[id];
    return minion !== undefined && minion.owner === owner && isAlive(minion);
  });
}

/**
 * One game played by the engine, as the commands of each turn and the events each recorded: every card in hand
 * cast (the ward on a friendly minion, hidden from the other side), two attacks a side, the last cast cancelled
 * (a hidden order withdrawn), both confirmations and the turn's garbage collection.
 */
export function playManyGamesGame(gameId: string, seed: number, turns: number): DomainEvent[][] {
  const random = seededRandom(seed + 1);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  let state = initialState();
  const byTurn: DomainEvent[][] = [];
  let current: DomainEvent[] = [];
  let n = 0;
  const run = (type: Command['type'], data: unknown, player = 'organiser'): DomainEvent[] => {
    const command = { type, data, metadata: { commandId: `${gameId}/${player}/${n++}` } } as Command;
    try {
      const decision = execute(state, command);
      state = decision.state;
      current.push(...decision.events);
      return decision.events;
    } catch (error) {
      if (error instanceof CommandRejected) return [];
      throw error;
    }
  };
  run('CreateGame', { gameId, setup: manyGamesSetup(seed) });
  byTurn.push(current);
  for (let turn = 1; turn <= turns; turn += 1) {
    current = [];
    for (const colour of COLOURS) {
      const enemy: Colour = colour === 'red' ? 'blue' : 'red';
      let lastCast: string | undefined;
      for (const card of [...(state.players[colour]?.hand ?? [])].slice(0, 3)) {
        const friendly = card !== 'bolt';
        const targets = living(state, friendly ? colour : enemy);
        if (targets.length === 0) continue;
        const [placed] = run('TargetSpell', { player: colour, spell: card, target: { minion: pick(targets) } }, colour);
        const orderId = (placed?.data as { orderId?: string } | undefined)?.orderId;
        if (orderId !== undefined) lastCast = orderId;
      }
      for (let a = 0; a < 2; a += 1) {
        const attackers = living(state, colour);
        if (attackers.length === 0) break;
        const attackerId = pick(attackers);
        const square = state.groups[state.minions[attackerId]?.groupId ?? '']?.square;
        const victims = living(state, enemy).filter(
          (id) => state.groups[state.minions[id]?.groupId ?? '']?.square === square,
        );
        if (victims.length > 0) run('OrderAttack', { player: colour, attackerId, victimId: pick(victims) }, colour);
      }
      if (lastCast !== undefined) run('CancelOrder', { player: colour, orderId: lastCast }, colour);
    }
    for (const colour of COLOURS) run('ConfirmOrders', { player: colour }, colour);
    run('CollectGarbage', { turn });
    byTurn.push(current);
  }
  return byTurn;
}

export interface ManyGames {
  gameIds: string[];
  /** Events appended, all games together. */
  events: number;
}

/**
 * Fills `store` with `games` games of `turns` turns each, chained as the service chains them, appended a turn at a
 * time in rounds over the games (so that the global order mixes them): a store of tens of thousands of events in
 * seconds, where playing them over HTTP would take minutes.
 */
export async function appendManyGames(
  store: EventStore,
  { games, turns, prefix = 'many' }: { games: number; turns: number; prefix?: string },
): Promise<ManyGames> {
  const gameIds = Array.from({ length: games }, (_, g) => `${prefix}-${g}`);
  const played = gameIds.map((gameId, g) => playManyGamesGame(gameId, 1000 + g, turns));
  const hashes = gameIds.map((gameId) => genesisHash(gameId));
  const revisions = gameIds.map(() => -1);
  let events = 0;
  for (let turn = 0; turn <= turns; turn += 1) {
    await Promise.all(
      gameIds.map(async (gameId, g) => {
        const batch = played[g]?.[turn] ?? [];
        if (batch.length === 0) return;
        const chained = chainEvents<DomainEvent>(hashes[g] as string, batch);
        hashes[g] = chained.lastHash;
        const expected = revisions[g] as number;
        revisions[g] = expected + batch.length;
        events += batch.length;
        await store.append(
          gameStream(gameId),
          chained.events.map((event) => ({ type: event.type, data: event.data, metadata: { ...event.metadata } })),
          expected < 0 ? 'no-stream' : expected,
        );
      }),
    );
  }
  return { gameIds, events };
}
