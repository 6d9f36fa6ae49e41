import type { Colour, Command, GameSetup, MinionSpec, SpellDefinition } from '@app/rules';
import { COLOURS, execute, initialState, isAlive } from '@app/rules';
import type { DomainEvent, GameState } from '@app/rules';

/** mulberry32: a tiny seeded generator, so every run measures the same game. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
  bless: spell('bless', {
    house: 'life',
    type: 'alteration',
    cumulative: true,
    target: { kind: 'group', side: 'friendly' },
    effects: [{ modifyStats: { armor: 1 } }],
    triggers: [{ on: 'isDying', do: { returnToLife: { hp: 5 } } }],
  }),
};
const SPELL_KEYS = Object.keys(SPELLS);

function minion(id: string, random: () => number): MinionSpec & { id: string } {
  const archer = random() < 0.4;
  return {
    id,
    kind: 'recruit',
    class: archer ? 'archer' : 'swordsman',
    hp: 30 + Math.floor(random() * 20),
    armor: Math.floor(random() * 3),
    attacks: [{ kind: archer ? 'missile' : 'hand', damage: 3 + Math.floor(random() * 4) }],
  };
}

export interface WorkloadSize {
  groupsPerSide: number;
  minionsPerGroup: number;
  turns: number;
  attacksPerSide: number;
}

/** A big board: each side's group i faces the other side's group i on square Si, so every minion can fight. */
export function syntheticSetup(size: WorkloadSize, seed: number): GameSetup {
  const random = seededRandom(seed);
  const deck = Array.from({ length: size.turns * 5 + 5 }, () => SPELL_KEYS[Math.floor(random() * SPELL_KEYS.length)]);
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
          square: `S${g}`,
          minions: Array.from({ length: size.minionsPerGroup }, (_, m) => minion(`${colour}-g${g}-m${m}`, random)),
        })),
      ),
      structures: [],
      squares: [],
      activeSpells: [],
    },
  };
}

function livingOf(state: GameState, owner: Colour): string[] {
  return Object.values(state.minions)
    .filter((m) => m.owner === owner && isAlive(m))
    .map((m) => m.id);
}

/** The commands of one turn: every card in hand cast at a fitting target, then attacks, then both confirmations. */
export function* turnCommands(
  state: GameState,
  random: () => number,
  attacksPerSide: number,
  turn: number,
): Generator<Command> {
  let n = 0;
  const id = () => `t${turn}-c${n++}`;
  for (const colour of COLOURS) {
    const enemy = colour === 'red' ? 'blue' : 'red';
    const friends = livingOf(state, colour);
    const foes = livingOf(state, enemy);
    if (friends.length === 0 || foes.length === 0) continue;
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    for (const key of [...state.players[colour].hand]) {
      const rule = SPELLS[key].target;
      const minionId = rule.side === 'friendly' ? pick(friends) : pick(foes);
      const target =
        rule.kind === 'group' ? { group: state.minions[minionId].groupId as string } : { minion: minionId };
      yield { type: 'TargetSpell', data: { player: colour, spell: key, target }, metadata: { commandId: id() } };
    }
    const attackers = new Set<string>();
    for (let a = 0; a < attacksPerSide; a += 1) {
      const attackerId = pick(friends);
      if (attackers.has(attackerId)) continue;
      attackers.add(attackerId);
      const square = state.groups[state.minions[attackerId].groupId as string].square;
      const victims = foes.filter((f) => state.groups[state.minions[f].groupId as string]?.square === square);
      if (victims.length === 0) continue;
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

/** Plays the synthetic game with the engine and returns every event (for folding benchmarks). */
export function playSyntheticGame(size: WorkloadSize, seed: number): { events: DomainEvent[]; commands: number } {
  const random = seededRandom(seed + 1);
  let state = initialState();
  const events: DomainEvent[] = [];
  let commands = 0;
  const run = (command: Command) => {
    const decision = execute(state, command);
    state = decision.state;
    for (const event of decision.events) events.push(event);
    commands += 1;
  };
  run({
    type: 'CreateGame',
    data: { gameId: 'bench', setup: syntheticSetup(size, seed) },
    metadata: { commandId: 'setup' },
  });
  for (let turn = 1; turn <= size.turns; turn += 1) {
    for (const command of turnCommands(state, random, size.attacksPerSide, turn)) {
      try {
        run(command);
      } catch {
        // An order the rules refuse (a target that died meanwhile) is simply not given.
      }
    }
  }
  return { events, commands };
}
