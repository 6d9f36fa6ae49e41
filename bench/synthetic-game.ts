import type { Colour, Command, GameSetup, MinionSpec, SpellDefinition } from '@app/rules';
import { COLOURS, execute, initialState, isAlive } from '@app/rules';
import type { DomainEvent, EntityRef, GameState } from '@app/rules';
import { seededRandom } from '@app/rules/testing';

const spell = (key: string, extra: Partial<SpellDefinition>): SpellDefinition => ({
  key,
  name: key,
  house: 'war',
  type: 'manifestation',
  target: { kind: 'minion', side: 'enemy' },
  cost: { primary: 1, secondary: 1 },
  visible: true,
  cumulative: false,
  oncePerGame: false,
  effects: [],
  triggers: [],
  ...extra,
});

const SPELLS: Record<string, SpellDefinition> = {
  bolt: spell('bolt', { effects: [{ damage: { amount: 4, magical: true } }] }),
  blast: spell('blast', { target: { kind: 'group', side: 'enemy' }, effects: [{ damage: { amount: 2 } }] }),
  mend: spell('mend', {
    house: 'life',
    target: { kind: 'minion', side: 'friendly' },
    effects: [{ heal: { amount: 6 } }],
  }),
  // A conjuration that expires (S1), so active spells do not pile up over hundreds of turns.
  bless: spell('bless', {
    house: 'life',
    type: 'conjuration',
    duration: 2,
    cumulative: true,
    target: { kind: 'group', side: 'friendly' },
    effects: [{ modifyStats: { armor: 1 } }],
    triggers: [{ on: 'isDying', do: { returnToLife: { hp: 5 } } }],
  }),
  // Reinforcements, so the board stays big while minions die (about as many arrive as fall).
  rally: spell('rally', {
    house: 'life',
    type: 'summoning',
    target: { kind: 'group', side: 'friendly' },
    effects: [
      {
        summon: {
          minions: [
            { kind: 'recruit', class: 'swordsman', hp: 40, armor: 1, attacks: [{ kind: 'hand', damage: 5 }] },
            { kind: 'recruit', class: 'archer', hp: 35, armor: 0, attacks: [{ kind: 'missile', damage: 4 }] },
          ],
        },
      },
    ],
  }),
};
const SPELL_KEYS = Object.keys(SPELLS);

function minion(id: string, random: () => number, hp?: number): MinionSpec & { id: string } {
  const archer = random() < 0.4;
  return {
    id,
    kind: 'recruit',
    class: archer ? 'archer' : 'swordsman',
    hp: hp ?? 30 + Math.floor(random() * 20),
    armor: Math.floor(random() * 3),
    attacks: [{ kind: archer ? 'missile' : 'hand', damage: 3 + Math.floor(random() * 4) }],
  };
}

export interface WorkloadSize {
  groupsPerSide: number;
  minionsPerGroup: number;
  turns: number;
  attacksPerSide: number;
  /** Every minion's HP (default: 30 to 49, seeded); the HTTP bench makes them unkillable within its run. */
  hp?: number;
  /** Cards in each deck (default: enough for 5 casts a turn for `turns` turns). */
  deckSize?: number;
}

/** The benchmarks' big board: 16 groups of 8 minions a side, 12 attack orders and up to 5 casts a side a turn. */
export const BIG_BOARD: Omit<WorkloadSize, 'turns'> = { groupsPerSide: 16, minionsPerGroup: 8, attacksPerSide: 12 };

/**
 * Square i of the board: grid ids (`A1`, `B1`…, rows of √n columns), so that the replay page draws the board as a
 * picture of the board, as it does for a set-up whose squares are on a grid.
 */
export function squareOf(i: number, squares: number): string {
  const columns = Math.ceil(Math.sqrt(squares));
  return `${String.fromCharCode(65 + (i % columns))}${Math.floor(i / columns) + 1}`;
}

/** A big board: each side's group i faces the other side's group i on square i, so every minion can fight. */
export function syntheticSetup(size: WorkloadSize, seed: number): GameSetup {
  const random = seededRandom(seed);
  const cards = size.deckSize ?? size.turns * 5 + 5;
  const deck = Array.from({ length: cards }, () => SPELL_KEYS[Math.floor(random() * SPELL_KEYS.length)]);
  const player = (house: 'war' | 'life') => ({
    house,
    mana: { strife: 1000, clarity: 1000, world: 1000 },
    income: { strife: 20, clarity: 20, world: 20 },
    hand: [],
    deck: [...deck],
  });
  return {
    name: 'benchmark',
    seed,
    initiative: 'red',
    spells: SPELLS,
    players: { red: player('war'), blue: player('life') },
    board: {
      groups: COLOURS.flatMap((colour) =>
        Array.from({ length: size.groupsPerSide }, (_, g) => ({
          id: `${colour}-g${g}`,
          owner: colour,
          square: squareOf(g, size.groupsPerSide),
          minions: Array.from({ length: size.minionsPerGroup }, (_, m) =>
            minion(`${colour}-g${g}-m${m}`, random, size.hp),
          ),
        })),
      ),
      structures: [],
      squares: [],
      activeSpells: [],
    },
  };
}

/** Living minions of one side by square (every square of the board, empty ones too). */
function livingBySquare(state: GameState, owner: Colour, squares: string[]): Map<string, string[]> {
  const bySquare = new Map(squares.map((square) => [square, [] as string[]]));
  for (const id in state.minions) {
    const m = state.minions[id];
    if (m.owner !== owner || !isAlive(m) || m.groupId === null) continue;
    bySquare.get(state.groups[m.groupId].square)?.push(id);
  }
  return bySquare;
}

/**
 * The commands of one turn, for each side: every card in hand cast at a fitting target (reinforcements go to the
 * side's thinnest square), then attacks on squares where both sides stand, then both confirmations and the
 * garbage collection.
 */
export function* turnCommands(
  state: GameState,
  random: () => number,
  size: WorkloadSize,
  turn: number,
): Generator<Command> {
  let n = 0;
  const id = () => `t${turn}-c${n++}`;
  const squares = Array.from({ length: size.groupsPerSide }, (_, g) => squareOf(g, size.groupsPerSide));
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  for (const colour of COLOURS) {
    const enemy = colour === 'red' ? 'blue' : 'red';
    const ours = livingBySquare(state, colour, squares);
    const theirs = livingBySquare(state, enemy, squares);
    const friends = [...ours.values()].flat();
    const foes = [...theirs.values()].flat();
    if (friends.length === 0 || foes.length === 0) continue;
    for (const key of [...state.players[colour].hand]) {
      const rule = SPELLS[key].target;
      let target: EntityRef;
      if (key === 'rally') {
        // The side's thinnest group, before it dies out.
        const groups = [...new Set(friends.map((f) => state.minions[f].groupId as string))];
        const sizeOf = (g: string) => state.groups[g].minionIds.length;
        const fewest = Math.min(...groups.map(sizeOf));
        target = { group: pick(groups.filter((g) => sizeOf(g) === fewest)) };
      } else {
        const minionId = rule.side === 'friendly' ? pick(friends) : pick(foes);
        target = rule.kind === 'group' ? { group: state.minions[minionId].groupId as string } : { minion: minionId };
      }
      yield { type: 'TargetSpell', data: { player: colour, spell: key, target }, metadata: { commandId: id() } };
    }
    const contested = squares.filter((square) => ours.get(square)!.length > 0 && theirs.get(square)!.length > 0);
    const fighters = contested.flatMap((square) => ours.get(square)!);
    const attackers = new Set<string>();
    for (let a = 0; a < size.attacksPerSide && fighters.length > 0; a += 1) {
      const attackerId = pick(fighters);
      if (attackers.has(attackerId)) continue;
      attackers.add(attackerId);
      const victims = theirs.get(state.groups[state.minions[attackerId].groupId as string].square)!;
      yield {
        type: 'OrderAttack',
        data: { player: colour, attackerId, victimId: pick(victims) },
        metadata: { commandId: id() },
      };
    }
  }
  for (const colour of COLOURS)
    yield { type: 'ConfirmOrders', data: { player: colour }, metadata: { commandId: id() } };
  yield { type: 'CollectGarbage', data: { turn: state.turn }, metadata: { commandId: id() } };
}

/** One play-through, recorded: the commands the engine accepted (to replay them), and what they produced. */
export interface RecordedGame {
  gameId: string;
  /** CreateGame first, then every accepted command in order. */
  commands: Command[];
  /** All events, in order (event i has revision i). */
  events: DomainEvent[];
  /** How many events each command produced (same order as `commands`). */
  eventsPerCommand: number[];
  /** The state after the last event (owned by the caller). */
  state: GameState;
  turns: number;
}

export interface RecordOptions {
  gameId?: string;
  /** Stop at the end of the turn in which the game reaches this many events. */
  minEvents?: number;
  /** Called after each accepted command with its events and the state right after it (e.g. to store them). */
  afterCommand?: (state: GameState, command: Command, events: DomainEvent[]) => void;
  /** Keep every event and command in the result (default true; a million-event game is better streamed). */
  keep?: boolean;
}

/**
 * Plays the synthetic game with the engine, deciding in place (a refused order leaves the state untouched, so the
 * generator simply moves on), and records the accepted commands so that benchmarks can replay them timed without
 * the generator's own work (choosing targets scans the board).
 */
export function recordSyntheticGame(size: WorkloadSize, seed: number, options: RecordOptions = {}): RecordedGame {
  const gameId = options.gameId ?? 'bench';
  const random = seededRandom(seed + 1);
  const state = initialState();
  const recorded: RecordedGame = { gameId, commands: [], events: [], eventsPerCommand: [], state, turns: 0 };
  const keep = options.keep ?? true;
  let total = 0;
  const run = (command: Command): void => {
    const { events } = execute(state, command, { inPlace: true });
    total += events.length;
    if (keep) {
      recorded.commands.push(command);
      recorded.eventsPerCommand.push(events.length);
      for (const event of events) recorded.events.push(event);
    }
    options.afterCommand?.(state, command, events);
  };
  run({ type: 'CreateGame', data: { gameId, setup: syntheticSetup(size, seed) }, metadata: { commandId: 'setup' } });
  for (let turn = 1; turn <= size.turns; turn += 1) {
    for (const command of turnCommands(state, random, size, turn)) {
      try {
        run(command);
      } catch {
        // An order the rules refuse (a target that died meanwhile) is simply not given.
      }
    }
    recorded.turns = turn;
    if (options.minEvents !== undefined && total >= options.minEvents) break;
  }
  return recorded;
}

/** Plays the synthetic game with the engine and returns every event (for folding benchmarks). */
export function playSyntheticGame(size: WorkloadSize, seed: number): { events: DomainEvent[]; commands: number } {
  const { events, commands } = recordSyntheticGame(size, seed);
  return { events, commands: commands.length };
}
