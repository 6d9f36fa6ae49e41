/**
 * Random legal Sanctum games for the property tests: a fast-check arbitrary for set-ups (groups, minions with
 * traits, a spell library covering every action and spell type, hands, decks, active spells) and for turn plans,
 * plus the driver that plays a plan command by command through `execute`, choosing each order among the options
 * the current state makes legal (or, when the plan says so, an order the rules must refuse).
 *
 * A plan never names entities directly: every order is a few numbers (`pick`, `variant`) that the driver turns
 * into a concrete command against the state it has reached, so any plan is playable and shrinks well.
 */
import fc from 'fast-check';
import { CommandRejected, canAfford, costInMana, execute, HOUSES, initialState, isInstant, sameRef } from '../../src';
import type {
  Action,
  ActiveSpellSetup,
  AttackSpec,
  Colour,
  Command,
  Decision,
  DomainEvent,
  EntityRef,
  GameSetup,
  GameState,
  GroupSetup,
  House,
  MinionKind,
  MinionSpec,
  PhysicalKind,
  SpellDefinition,
  SpellType,
  StructureSetup,
  TargetRule,
  TerrainDefinition,
  Trigger,
} from '../../src';
import { activeSpellAt, groupAt, minionAt, orderAt, spellAt, structureAt } from '../../src';

// ---------------------------------------------------------------------------------------------------------------
// Board vocabulary

/** Squares the groups stand on: few, so that enemies often share one (T3 [A]: attacks need the same square). */
export const BATTLE_SQUARES = ['A1', 'A2', 'B1'] as const;
/** Squares nothing stands on at set-up: targets for summonings and square spells. */
export const EMPTY_SQUARES = ['E1', 'E2'] as const;

/** A square no set-up names. */
export const FRESH_SQUARE = 'F1';

/** Where effects move groups [A]: the battle squares, the empty ones (terrain on some), and one no set-up names. */
const MOVE_SQUARES = [...BATTLE_SQUARES, ...EMPTY_SQUARES, 'F2'] as const;

export const GAME_ID = 'prop';

/** Removes `undefined` members (deep), so that a set-up survives a JSON round trip unchanged. */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => compact(item)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) if (member !== undefined) out[key] = compact(member);
    return out as T;
  }
  return value;
}

/** A value of `arb` or, `absent` times out of `present + absent`, undefined (an optional member left out). */
const optional = <T>(arb: fc.Arbitrary<T>, present = 1, absent = 1): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: absent }, { arbitrary: arb, weight: present });

// ---------------------------------------------------------------------------------------------------------------
// Minions and traits (B3, effects vocabulary)

const physicalKind = fc.constantFrom<PhysicalKind>('hand', 'missile');

const attackArb: fc.Arbitrary<AttackSpec> = fc
  .record({
    kind: physicalKind,
    damage: fc.integer({ min: 0, max: 6 }),
    magical: optional(fc.constant(true), 1, 5),
    ignoresArmor: optional(fc.constant(true), 1, 4),
  })
  .map(compact);

const damageAction = (max: number): fc.Arbitrary<Action> =>
  fc
    .record({
      amount: fc.integer({ min: 0, max }),
      kind: optional(physicalKind),
      magical: optional(fc.boolean()),
      ignoresArmor: optional(fc.constant(true), 1, 3),
    })
    .map((damage) => ({ damage: compact(damage) }));

const modifyDamage: fc.Arbitrary<Action> = fc.integer({ min: -3, max: 2 }).map((by) => ({ modifyDamage: { by } }));

/** Triggers of the hooks docs/design.md lists, as traits or on alterations; atStartOfTurn ones are separate. */
export const triggerArb: fc.Arbitrary<Trigger> = fc.oneof(
  // E1 (twice as likely: E1–E1.2 is where deaths nest): a dying-cancel (Soul Jar style), sometimes to 0 HP
  // (E1.2: the death goes on), and an "is dying" effect that is not a cancel.
  {
    arbitrary: fc.integer({ min: 0, max: 2 }).map((hp): Trigger => ({ on: 'isDying', do: { returnToLife: { hp } } })),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(damageAction(2), fc.constantFrom<'attacker' | 'self'>('attacker', 'self'))
      .map(([action, subject]): Trigger => ({ on: 'isDying', do: action, subject })),
    weight: 2,
  },
  // E2: "when dies" and "when killed" effects.
  fc
    .tuple(damageAction(3), fc.constantFrom<'attacker' | 'self'>('attacker', 'self'))
    .map(([action, subject]): Trigger => ({ on: 'whenDies', do: action, subject })),
  damageAction(3).map((action): Trigger => ({ on: 'whenKilled', do: action, subject: 'attacker' })),
  // D1: "is hit by" effects on the attacker.
  fc
    .tuple(damageAction(3), optional(physicalKind, 1, 2))
    .map(([action, damageKind]): Trigger => compact({ on: 'hitBy', do: action, subject: 'attacker', damageKind })),
  // D1: before armor, damage changed or (protectively) cancelled for one damage kind.
  fc
    .tuple(modifyDamage, optional(physicalKind), optional(fc.constant(true)))
    .map(([action, damageKind, protective]): Trigger =>
      compact({ on: 'beforeArmor', do: action, damageKind, protective }),
    ),
  physicalKind.map((damageKind): Trigger => ({
    on: 'beforeArmor',
    do: { cancelDamage: {} },
    protective: true,
    damageKind,
  })),
  // D3: after armor.
  fc
    .tuple(modifyDamage, optional(physicalKind), optional(fc.constant(true)))
    .map(([action, damageKind, protective]): Trigger =>
      compact({ on: 'afterArmor', do: action, damageKind, protective }),
    ),
  // D1/D3: before- and after-armor hooks take every action, not only those on the damage (one that kills its own
  // minion makes D3's "the minion died" reachable).
  fc
    .tuple(
      fc.constantFrom<'beforeArmor' | 'afterArmor'>('beforeArmor', 'afterArmor'),
      fc.oneof(
        damageAction(3),
        fc.constant<Action>({ destroy: { category: 'dies' } }),
        fc.integer({ min: 1, max: 3 }).map((amount): Action => ({ heal: { amount } })),
        fc.integer({ min: -1, max: 1 }).map((armor): Action => ({ modifyStats: { armor } })),
      ),
      fc.constantFrom<'attacker' | 'self'>('attacker', 'self'),
    )
    .map(([on, action, subject]): Trigger => ({ on, do: action, subject })),
  // D1: "is hit in combat" (combat blows only), and the attacker's own "hits" effects on the minion it hit (K1).
  fc
    .tuple(damageAction(2), fc.constantFrom<'attacker' | 'self'>('attacker', 'self'))
    .map(([action, subject]): Trigger => ({ on: 'hitInCombat', do: action, subject })),
  fc
    .oneof(
      damageAction(3),
      fc.integer({ min: -1, max: 1 }).map((damage): Action => ({ modifyStats: { damage } })),
      fc.constant<Action>({ destroy: { category: 'dies' } }),
    )
    .map((action): Trigger => ({ on: 'hits', do: action })),
  // E1: "if killed" effects (kills only), a dying-cancel among them.
  fc
    .oneof(
      fc.integer({ min: 0, max: 2 }).map((hp): Action => ({ returnToLife: { hp } })),
      damageAction(2),
    )
    .map((action): Trigger => ({
      on: 'ifKilled',
      do: action,
      ...('damage' in action ? { subject: 'attacker' as const } : {}),
    })),
  // [A] Movement from a hook: the group of the minion hit (or dying) goes elsewhere.
  fc
    .tuple(
      fc.constantFrom<'hitBy' | 'whenDies' | 'isDying'>('hitBy', 'whenDies', 'isDying'),
      fc.constantFrom(...MOVE_SQUARES),
    )
    .map(([on, to]): Trigger => ({ on, do: { move: { to } } })),
);

/** A spell's own hooks (S1, S9, [A]): as it is dispelled, expires or fails. */
const spellHookArb: fc.Arbitrary<Trigger> = fc
  .tuple(
    fc.constantFrom<'whenDispelled' | 'whenExpires' | 'whenFails'>('whenDispelled', 'whenExpires', 'whenFails'),
    fc.oneof(
      fc.constantFrom<Action>({ destroy: { category: 'removed' } }, { destroy: { category: 'dies' } }),
      damageAction(2),
      fc.constantFrom(...MOVE_SQUARES).map((to): Action => ({ move: { to } })),
      fc.constant<Action>({ dispel: { which: 'all' } }),
      fc.integer({ min: 1, max: 2 }).map((amount): Action => ({ heal: { amount } })),
    ),
  )
  .map(([on, action]): Trigger => ({ on, do: action }));

/** T1 at-start-of-turn effects. */
export const startOfTurnArb: fc.Arbitrary<Trigger> = fc
  .oneof(
    damageAction(2),
    fc.integer({ min: 1, max: 3 }).map((amount): Action => ({ heal: { amount } })),
    fc.integer({ min: -1, max: 1 }).map((armor): Action => ({ modifyStats: { armor, maxHp: 1 } })),
    fc.constant<Action>({ gainMana: { player: 'caster', mana: { order: 1, world: 1 } } }),
    fc.constantFrom(...MOVE_SQUARES).map((to): Action => ({ move: { to } })),
  )
  .map((action): Trigger => ({ on: 'atStartOfTurn', do: action }));

const minionArb = (kind: MinionKind, traits = true): fc.Arbitrary<MinionSpec> =>
  fc
    .record({
      hp: fc.integer({ min: 1, max: 8 }),
      wound: fc.integer({ min: 0, max: 3 }),
      armor: fc.integer({ min: 0, max: 3 }),
      attacks: fc.array(attackArb, { minLength: 0, maxLength: 2 }),
      traits: traits
        ? fc.array(fc.oneof({ arbitrary: triggerArb, weight: 12 }, { arbitrary: startOfTurnArb, weight: 1 }), {
            maxLength: 2,
          })
        : fc.constant<Trigger[]>([]),
      archer: fc.boolean(),
      untargetable: fc.integer({ min: 0, max: 9 }),
    })
    .map(({ hp, wound, armor, attacks, traits: given, archer, untargetable }) =>
      compact({
        kind,
        class: kind === 'recruit' ? (archer ? 'archer' : 'swordsman') : null,
        hp,
        maxHp: wound > 0 ? hp + wound : undefined,
        armor,
        attacks,
        traits: given.length > 0 ? given : undefined,
        // S10: one minion in ten "can't be targeted by individual spells".
        cannotBeTargetedBy: untargetable === 0 ? ['individual-spells' as const] : undefined,
      }),
    );

const minionKind = fc.constantFrom<MinionKind>('recruit', 'monster');

const groupArb = fc
  .tuple(minionKind, fc.constantFrom(...BATTLE_SQUARES))
  .chain(([kind, square]) =>
    fc.array(minionArb(kind), { minLength: 1, maxLength: 8 }).map((minions) => ({ kind, square, minions })),
  );

// ---------------------------------------------------------------------------------------------------------------
// Spells: one of each template, with random parameters (S1 types, S2 targets, every action)

export const ALTERATION_KEYS = ['lycan', 'might', 'ward', 'shroud', 'storm', 'veil', 'stone', 'hop'] as const;

type SpellBody = Omit<SpellDefinition, 'key' | 'name' | 'house' | 'cost'>;

const sideArb = optional(fc.constantFrom<'friendly' | 'enemy' | 'any'>('friendly', 'enemy', 'any'), 3, 1);

const body = (type: SpellType, target: TargetRule, effects: Action[], more: Partial<SpellBody> = {}): SpellBody =>
  compact({
    type,
    target: compact(target),
    visible: true,
    cumulative: false,
    oncePerGame: false,
    effects,
    triggers: [],
    ...more,
  });

const minionOrGroup = fc.constantFrom<'minion' | 'group'>('minion', 'group');

const TEMPLATES: Record<string, fc.Arbitrary<SpellBody>> = {
  // Damage to a minion (most damaging spells are pure magical damage, D0).
  bolt: fc
    .tuple(sideArb, damageAction(6), fc.boolean())
    .map(([side, action, cumulative]) => body('manifestation', { kind: 'minion', side }, [action], { cumulative })),
  // Damage to every minion of a group.
  blast: fc
    .tuple(sideArb, optional(minionKind), damageAction(4))
    .map(([side, groupKind, action]) => body('manifestation', { kind: 'group', side, groupKind }, [action])),
  // K1: instant death or removal from the game (Q5), on a minion or a group.
  doom: fc
    .tuple(minionOrGroup, fc.constantFrom<'dies' | 'removed'>('dies', 'removed'), sideArb)
    .map(([kind, category, side]) => body('manifestation', { kind, side }, [{ destroy: { category } }])),
  // Q3: a recruit group replaced by a monster group (Lycanthropy), sometimes as an alteration.
  // S1, Q3: as an alteration it may move to the replacement and bring the group back when dispelled (Karkara).
  lycan: fc
    .tuple(
      fc.constantFrom<SpellType>('manifestation', 'alteration'),
      fc.array(minionArb('monster', false), { minLength: 1, maxLength: 3 }),
      fc.boolean(),
    )
    .map(([type, minions, moves]) =>
      body(
        type,
        { kind: 'group', groupKind: 'recruit' },
        [{ replaceGroup: { with: { minions } } }],
        type === 'alteration' && moves
          ? { movesToReplacement: true, triggers: [{ on: 'whenDispelled', do: { restore: {} } }] }
          : {},
      ),
    ),
  // Q3: a monster group replaced by a colony (Civilize).
  civilize: fc
    .constantFrom<'town' | 'colony'>('colony', 'town')
    .map((kind) =>
      body('manifestation', { kind: 'group', groupKind: 'monster' }, [
        { replaceGroup: { with: { structure: { kind } } } },
      ]),
    ),
  // Q4: a recruit replaced by a recruit (Jade Gargoyle, Odar).
  gargoyle: minionArb('recruit').map((spec) =>
    body('manifestation', { kind: 'minion', groupKind: 'recruit' }, [{ replaceMinion: { with: spec } }]),
  ),
  // Q3: a minion replaced by a monster (a new group on the same square).
  devolve: minionArb('monster').map((spec) =>
    body('manifestation', { kind: 'minion' }, [{ replaceMinion: { with: spec } }]),
  ),
  heal: fc
    .tuple(
      minionOrGroup,
      fc.oneof(
        fc.integer({ min: 1, max: 4 }).map((amount) => ({ amount })),
        fc.constant({ full: true }),
      ),
    )
    .map(([kind, params]) => body('manifestation', { kind }, [{ heal: params }], { cumulative: true })),
  // D6: stats changed while the alteration is active, undone when it leaves play.
  might: fc
    .tuple(
      minionOrGroup,
      fc.integer({ min: -1, max: 2 }),
      fc.integer({ min: -2, max: 3 }),
      fc.integer({ min: -1, max: 2 }),
      fc.boolean(),
      fc.boolean(),
    )
    .map(([kind, armor, maxHp, damage, visible, cumulative]) =>
      body('alteration', { kind }, [{ modifyStats: { armor, maxHp, damage } }], {
        visible,
        cumulative: cumulative || !visible,
      }),
    ),
  // S9: dispels reach visible spells only.
  purge: fc
    .tuple(
      fc.constantFrom<TargetRule['kind']>('minion', 'group', 'square', 'globe'),
      fc.oneof(fc.constant('all'), fc.constantFrom<string>(...ALTERATION_KEYS)),
    )
    .map(([kind, which]) => body('manifestation', { kind }, [{ dispel: { which } }], { cumulative: true })),
  // Alterations with triggers (wards, thorns, soul jars...).
  ward: fc
    .tuple(minionOrGroup, sideArb, fc.array(triggerArb, { minLength: 1, maxLength: 3 }))
    .map(([kind, side, triggers]) => body('alteration', { kind, side }, [], { triggers })),
  // S9: a non-visible alteration is cumulative and ignores dispels.
  shroud: fc
    .tuple(minionOrGroup, fc.array(triggerArb, { minLength: 1, maxLength: 2 }))
    .map(([kind, triggers]) => body('alteration', { kind }, [], { triggers, visible: false, cumulative: true })),
  // S1: a conjuration with a duration and at-start-of-turn effects.
  storm: fc
    .tuple(
      fc.constantFrom<TargetRule['kind']>('minion', 'group', 'square', 'globe'),
      fc.integer({ min: 1, max: 3 }),
      fc.array(startOfTurnArb, { minLength: 1, maxLength: 2 }),
      fc.array(triggerArb, { maxLength: 1 }),
    )
    .map(([kind, duration, ticks, triggers]) =>
      body('conjuration', { kind }, [], { duration, triggers: [...ticks, ...triggers] }),
    ),
  // A visible square alteration (terrain).
  veil: fc
    .array(startOfTurnArb, { maxLength: 1 })
    .map((triggers) => body('alteration', { kind: 'square' }, [], { triggers })),
  // S5: a cumulative spell may be targeted twice on one target in a turn.
  frenzy: damageAction(2).map((action) =>
    body('manifestation', { kind: 'minion', side: 'enemy' }, [action], { cumulative: true }),
  ),
  // S11: once per game.
  wish: fc
    .constantFrom<Action>(
      { gainMana: { player: 'caster', mana: { strife: 2, clarity: 2 } } },
      { gainMana: { player: 'opponent', mana: { will: 1 } } },
    )
    .map((action) => body('manifestation', { kind: 'globe' }, [action], { oncePerGame: true })),
  relic: damageAction(5).map((action) => body('manifestation', { kind: 'minion' }, [action], { oncePerGame: true })),
  // S1 summoning: a monster group on a square.
  summon: fc
    .array(minionArb('monster'), { minLength: 1, maxLength: 4 })
    .map((minions) => body('summoning', { kind: 'square' }, [{ summon: { minions } }])),
  // S1 hero: a recruit joins a friendly recruit group.
  hero: minionArb('recruit').map((spec) =>
    body('hero', { kind: 'group', side: 'friendly', groupKind: 'recruit' }, [{ summon: { minions: [spec] } }]),
  ),
  // [A] Movement: a group goes to a square (an alteration's move that cannot happen is its failure).
  march: fc
    .tuple(
      fc.constantFrom<SpellType>('manifestation', 'alteration'),
      fc.constantFrom(...MOVE_SQUARES),
      fc.array(spellHookArb, { maxLength: 1 }),
      minionOrGroup,
    )
    .map(([type, to, triggers, kind]) =>
      body(type, { kind, side: 'friendly' }, [{ move: { to } }], type === 'alteration' ? { triggers } : {}),
    ),
  // Q5 [A]: a conjuration takes its group inside itself (Boardhop, Moonwalking); its own hooks say what a dispel,
  // an expiry or a failure to come down does.
  hop: fc
    .tuple(fc.integer({ min: 1, max: 2 }), fc.array(spellHookArb, { minLength: 1, maxLength: 2 }), sideArb)
    .map(([duration, triggers, side]) =>
      body('conjuration', { kind: 'group', side }, [{ takeInside: {} }], { duration, triggers }),
    ),
  // S10: while active, its host "can't be targeted by individual spells"; its own hooks act as it leaves.
  stone: fc
    .tuple(minionOrGroup, fc.array(spellHookArb, { maxLength: 2 }))
    .map(([kind, triggers]) =>
      body('alteration', { kind, side: 'friendly' }, [], { triggers, hostCannotBeTargetedBy: ['individual-spells'] }),
    ),
  // S5 vs S9 [A]: non-visible and not saying "cumulative" (S9 still holds any number of copies).
  whisper: damageAction(2).map((action) =>
    body('alteration', { kind: 'minion' }, [action], { visible: false, cumulative: false }),
  ),
  // Structures: destroyed, or replaced by a recruit group (Zana's Champion).
  raze: fc
    .oneof(
      fc.constantFrom<'dies' | 'removed'>('dies', 'removed').map((category): Action => ({ destroy: { category } })),
      fc
        .array(minionArb('recruit', false), { minLength: 1, maxLength: 3 })
        .map((minions): Action => ({ replaceStructure: { with: { minions } } })),
    )
    .map((action) => body('manifestation', { kind: 'structure' }, [action])),
};

export const SPELL_KEYS = Object.keys(TEMPLATES);

/** The item a plan's number picks from a list the arbitrary built non-empty (counting round). */
function nthOf<T>(list: readonly T[], n: number): T {
  const item = list[n % list.length];
  if (item === undefined) throw new Error(`nothing to pick from: the list is empty`);
  return item;
}

/** A spell of the generated library by one of its own keys. */
function spellOf(spells: Record<string, SpellDefinition>, key: string): SpellDefinition {
  const spell = spells[key];
  if (spell === undefined) throw new Error(`the generated library has no spell "${key}"`);
  return spell;
}

const costArb = fc.record({ primary: fc.integer({ min: 0, max: 3 }), secondary: fc.integer({ min: 0, max: 2 }) });

const spellArb = (key: string, template: fc.Arbitrary<SpellBody>): fc.Arbitrary<SpellDefinition> =>
  fc
    .tuple(template, fc.constantFrom<House>(...HOUSES), costArb)
    .map(([spell, house, cost]) => ({ key, name: key, house, cost, ...spell }));

const libraryArb: fc.Arbitrary<Record<string, SpellDefinition>> = fc.record(
  Object.fromEntries(Object.entries(TEMPLATES).map(([key, template]) => [key, spellArb(key, template)])) as Record<
    string,
    fc.Arbitrary<SpellDefinition>
  >,
);

// ---------------------------------------------------------------------------------------------------------------
// Set-ups

const manaArb = fc.record({
  order: fc.integer({ min: 15, max: 40 }),
  strife: fc.integer({ min: 15, max: 40 }),
  clarity: fc.integer({ min: 15, max: 40 }),
  mystery: fc.integer({ min: 15, max: 40 }),
  will: fc.integer({ min: 15, max: 40 }),
  world: fc.integer({ min: 15, max: 40 }),
});
const incomeArb = fc.record({ order: fc.nat(3), strife: fc.nat(3), mystery: fc.nat(3), world: fc.nat(3) });

/** Cards are indices into the game's card pool (a few spells both players draw from, so that they meet: S5, S6). */
const playerArb = fc.record({
  house: fc.constantFrom<House>(...HOUSES),
  mana: manaArb,
  income: incomeArb,
  hand: fc.array(fc.nat(), { minLength: 0, maxLength: 5 }),
  deck: fc.array(fc.nat(), { maxLength: 16 }),
});
type PlayerPlan = typeof playerArb extends fc.Arbitrary<infer P> ? P : never;

const cardPoolArb = fc.shuffledSubarray(SPELL_KEYS, { minLength: 3, maxLength: 10 });

const activeSpellPlanArb = fc.record({
  spell: fc.constantFrom(...ALTERATION_KEYS),
  owner: fc.constantFrom<'red' | 'blue' | 'neutral'>('red', 'blue', 'neutral'),
  pick: fc.nat(),
  duration: optional(fc.integer({ min: 1, max: 3 })),
});

/** B5: terrains the set-up defines (acting as a group enters, or after each start of turn). */
const terrainArb = (key: string): fc.Arbitrary<TerrainDefinition> =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom<'groupEnters' | 'afterStartOfTurn'>('groupEnters', 'afterStartOfTurn'),
        fc.oneof(
          damageAction(2),
          fc.constant<Action>({ destroy: { category: 'dies' } }),
          fc.integer({ min: 1, max: 2 }).map((amount): Action => ({ heal: { amount } })),
          fc.constantFrom(...MOVE_SQUARES).map((to): Action => ({ move: { to } })),
        ),
      ),
      { minLength: 1, maxLength: 2 },
    )
    .map((triggers) => ({ key, name: key, triggers: triggers.map(([on, action]) => ({ on, do: action })) }));

/**
 * Terrain names for the empty squares, then the battle squares (most of those plain, so groups live): the catalog's
 * water and lava, the set-up's own, or a label nothing defines.
 */
const terrainPlanArb = fc
  .record({
    own: fc.array(terrainArb('bog'), { maxLength: 1 }),
    empty: fc.array(optional(fc.constantFrom('water', 'lava', 'bog', 'plains')), {
      minLength: EMPTY_SQUARES.length,
      maxLength: EMPTY_SQUARES.length,
    }),
    battle: fc.array(optional(fc.constantFrom('lava', 'bog', 'forest'), 1, 6), {
      minLength: BATTLE_SQUARES.length,
      maxLength: BATTLE_SQUARES.length,
    }),
  })
  .map(({ own, empty, battle }) => ({ own, names: [...empty, ...battle] }));

/** The per-game readings and rounds [A] (D6, S5/S9, D3), or none. */
const rulesArb = optional(
  fc
    .record({
      combatRounds: optional(fc.integer({ min: 1, max: 3 })),
      nonVisibleDuplicates: optional(fc.constantFrom<'allowed' | 'refused'>('allowed', 'refused')),
      zeroDamageAtD3: optional(fc.constantFrom<'bounced' | 'applied'>('bounced', 'applied')),
    })
    .map(compact),
  2,
  1,
);

export const setupArb: fc.Arbitrary<GameSetup> = fc
  .record({
    seed: fc.nat(1000),
    initiative: fc.constantFrom<Colour>('red', 'blue'),
    spells: libraryArb,
    pool: cardPoolArb,
    red: playerArb,
    blue: playerArb,
    redGroups: fc.array(groupArb, { minLength: 2, maxLength: 6 }),
    blueGroups: fc.array(groupArb, { minLength: 2, maxLength: 6 }),
    neutralGroups: fc.array(groupArb, { maxLength: 2 }),
    town: fc.option(fc.constantFrom<'town' | 'colony'>('town', 'colony')),
    active: fc.array(activeSpellPlanArb, { maxLength: 4 }),
    terrain: terrainPlanArb,
    rules: rulesArb,
  })
  .map(
    ({
      seed,
      initiative,
      spells,
      pool,
      red,
      blue,
      redGroups,
      blueGroups,
      neutralGroups,
      town,
      active,
      terrain,
      rules,
    }) => {
      const cards = (player: PlayerPlan) => ({
        ...player,
        hand: player.hand.map((card) => nthOf(pool, card)),
        deck: player.deck.map((card) => nthOf(pool, card)),
      });
      const groups: GroupSetup[] = [];
      for (const [prefix, owner, list] of [
        ['R', 'red', redGroups],
        ['B', 'blue', blueGroups],
        ['N', 'neutral', neutralGroups],
      ] as const) {
        list.forEach((group, g) => {
          const id = `${prefix}${g + 1}`;
          groups.push({
            id,
            owner,
            square: group.square,
            minions: group.minions.map((minion, m) => ({ ...minion, id: `${id}m${m + 1}` })),
          });
        });
      }
      const structures: StructureSetup[] = [
        { id: 'SR', kind: 'sanctum', owner: 'red', square: 'R0' },
        { id: 'SB', kind: 'sanctum', owner: 'blue', square: 'B0' },
      ];
      if (town !== null) structures.push({ id: 'T1', kind: town, owner: 'neutral', square: 'A1' });
      const minionIds = groups.flatMap((group) => group.minions.map((minion) => minion.id));
      const squares = [...BATTLE_SQUARES, ...EMPTY_SQUARES];
      const activeSpells: ActiveSpellSetup[] = [];
      active.forEach((plan, a) => {
        const spell = spellOf(spells, plan.spell);
        if (isInstant(spell.type)) return; // only alterations and conjurations are ever active (S1)
        const kind = spell.target.kind;
        let host: EntityRef;
        if (kind === 'minion') host = { minion: nthOf(minionIds, plan.pick) };
        else if (kind === 'group') host = { group: nthOf(groups, plan.pick).id };
        else if (kind === 'square') host = { square: nthOf(squares, plan.pick) };
        else if (kind === 'globe') host = { globe: true };
        else return;
        // S9: a host holds at most one copy of a visible non-cumulative spell.
        const copy = activeSpells.some((other) => other.spell === plan.spell && sameRef(other.host, host));
        if (copy && spell.visible && !spell.cumulative) return;
        activeSpells.push(
          compact({
            id: `X${a + 1}`,
            spell: plan.spell,
            owner: plan.owner,
            host,
            duration: spell.type === 'conjuration' ? plan.duration : undefined,
          }),
        );
      });
      return compact({
        name: 'property game',
        seed,
        initiative,
        rules,
        spells,
        terrains: terrain.own.length > 0 ? Object.fromEntries(terrain.own.map((own) => [own.key, own])) : undefined,
        players: { red: cards(red), blue: cards(blue) },
        board: {
          groups,
          structures,
          squares: [...EMPTY_SQUARES, ...BATTLE_SQUARES].map((id, i) => compact({ id, terrain: terrain.names[i] })),
          activeSpells,
        },
      });
    },
  );

// ---------------------------------------------------------------------------------------------------------------
// Turn plans

export type OrderKind = 'cast' | 'attack' | 'discard' | 'cancel' | 'confirm' | 'illegal';

export interface OrderPlan {
  player: Colour;
  kind: OrderKind;
  pick: number;
  variant: number;
  /** Prefer a target something else this turn already aims at (so that deaths squander later spells, Q2). */
  focus: boolean;
}

export interface TurnPlan {
  orders: OrderPlan[];
  /** Who confirms first at the end of the orders (if neither has yet). */
  confirmFirst: Colour;
  /** After both confirmed: an order the rules must refuse (not in the orders phase, T2). */
  late: boolean;
}

export interface GamePlan {
  setup: GameSetup;
  turns: TurnPlan[];
}

export const ILLEGAL_VARIANTS = 19;

const orderPlanArb: fc.Arbitrary<OrderPlan> = fc.record({
  player: fc.constantFrom<Colour>('red', 'blue'),
  kind: fc.oneof(
    { arbitrary: fc.constant<OrderKind>('cast'), weight: 8 },
    { arbitrary: fc.constant<OrderKind>('attack'), weight: 6 },
    { arbitrary: fc.constant<OrderKind>('discard'), weight: 1 },
    { arbitrary: fc.constant<OrderKind>('cancel'), weight: 1 },
    { arbitrary: fc.constant<OrderKind>('confirm'), weight: 1 },
    { arbitrary: fc.constant<OrderKind>('illegal'), weight: 2 },
  ),
  pick: fc.nat(1000),
  variant: fc.nat(ILLEGAL_VARIANTS - 1),
  focus: fc.boolean(),
});

export const turnPlanArb: fc.Arbitrary<TurnPlan> = fc.record({
  orders: fc.array(orderPlanArb, { maxLength: 12 }),
  confirmFirst: fc.constantFrom<Colour>('red', 'blue'),
  late: fc.boolean(),
});

export const gamePlanArb = (maxTurns = 8): fc.Arbitrary<GamePlan> =>
  fc.record({ setup: setupArb, turns: fc.array(turnPlanArb, { minLength: 1, maxLength: maxTurns }) });

// ---------------------------------------------------------------------------------------------------------------
// What the current state allows (an independent reading of docs/rules.md S2, S5, S9, S10, S11, B4, B5, T3)

const isLiving = (state: GameState, id: string): boolean => {
  const minion = state.minions[id];
  return minion !== undefined && minion.status === 'alive' && minion.groupId !== null;
};

const livingMinions = (state: GameState): string[] =>
  Object.keys(state.minions)
    .filter((id) => isLiving(state, id))
    .sort();

const squareOf = (state: GameState, minionId: string): string | undefined => {
  const groupId = state.minions[minionId]?.groupId;
  return groupId ? state.groups[groupId]?.square : undefined;
};

/** A group stands on the square (one inside a spell stands nowhere, [A]). */
const occupied = (state: GameState, square: string): boolean =>
  Object.values(state.groups).some((group) => group.square === square && group.heldBy === null);

/** The minion stands in a group that is inside a spell: off the board [A]. */
const held = (state: GameState, minionId: string): boolean => {
  const groupId = state.minions[minionId]?.groupId;
  return groupId !== null && groupId !== undefined && state.groups[groupId]?.heldBy !== null;
};

/** S10: the minion "can't be targeted by individual spells", by its own text or a visible spell on it or its group. */
const untargetable = (state: GameState, minionId: string): boolean => {
  const minion = minionAt(state, minionId);
  if (minion.cannotBeTargetedBy.includes('individual-spells')) return true;
  const spells = [...minion.spells, ...(minion.groupId === null ? [] : (state.groups[minion.groupId]?.spells ?? []))];
  return spells.some((id) => {
    const active = activeSpellAt(state, id);
    return active.visible && (spellAt(state, active.spell).hostCannotBeTargetedBy ?? []).includes('individual-spells');
  });
};

/** S5 and the game's S5/S9 reading [A]: may a player target this spell twice on one target in one turn? */
const mayRepeat = (state: GameState, spell: SpellDefinition): boolean =>
  spell.cumulative || (!spell.visible && state.rules.nonVisibleDuplicates === 'allowed');

/** Every target of the spell's kind that its target rule allows for this caster (S2, B5, S10). */
function candidateTargets(state: GameState, caster: Colour, rule: TargetRule): EntityRef[] {
  const sideOk = (owner: string): boolean =>
    !rule.side || rule.side === 'any' || (owner === caster) === (rule.side === 'friendly');
  switch (rule.kind) {
    case 'minion':
      return livingMinions(state)
        .filter((id) => sideOk(minionAt(state, id).owner))
        .filter((id) => !rule.groupKind || minionAt(state, id).kind === rule.groupKind)
        .filter((id) => !untargetable(state, id))
        .map((minion) => ({ minion }));
    case 'group':
      return Object.keys(state.groups)
        .sort()
        .filter((id) => sideOk(groupAt(state, id).owner))
        .filter((id) => !rule.groupKind || groupAt(state, id).kind === rule.groupKind)
        .map((group) => ({ group }));
    case 'square':
      // Known squares, and one the board has never mentioned (a square spell creates it).
      return [...new Set([...Object.keys(state.squares), FRESH_SQUARE])]
        .sort()
        .filter((id) => !occupied(state, id))
        .map((square) => ({ square }));
    case 'structure':
      return Object.keys(state.structures)
        .sort()
        .filter((id) => structureAt(state, id).kind !== 'sanctum' && sideOk(structureAt(state, id).owner))
        .filter((id) => !rule.structureKind || structureAt(state, id).kind === rule.structureKind)
        .map((structure) => ({ structure }));
    case 'globe':
      return [{ globe: true }];
  }
}

const hostSpellIds = (state: GameState, host: EntityRef): string[] => {
  if ('minion' in host) return state.minions[host.minion]?.spells ?? [];
  if ('group' in host) return state.groups[host.group]?.spells ?? [];
  if ('structure' in host) return state.structures[host.structure]?.spells ?? [];
  if ('square' in host) return state.squares[host.square]?.spells ?? [];
  return state.globe.spells;
};

export interface CastOption {
  spell: string;
  target: EntityRef;
}

/** S3: every (spell in hand, target) a player may order now. */
export function legalCasts(state: GameState, player: Colour): CastOption[] {
  const options: CastOption[] = [];
  const me = state.players[player];
  for (const key of [...new Set(me.hand)].sort()) {
    const spell = spellAt(state, key);
    if (spell.oncePerGame && me.castOnce.includes(key)) continue; // S11
    if (!canAfford(me.mana, costInMana(spell.house, spell.cost))) continue; // S4
    for (const target of candidateTargets(state, player, spell.target)) {
      const twin = state.orderIds.some((id) => {
        const order = orderAt(state, id);
        return order.kind === 'cast' && order.player === player && order.spell === key && sameRef(order.target, target);
      });
      if (twin && !mayRepeat(state, spell)) continue; // S5
      if (!isInstant(spell.type) && spell.visible && !spell.cumulative) {
        if (hostSpellIds(state, target).some((id) => activeSpellAt(state, id).spell === key)) continue; // S9
      }
      options.push({ spell: key, target });
    }
  }
  return options;
}

export interface AttackOption {
  attackerId: string;
  victimId: string;
  attack: number;
}

/** T3: a living minion of the player, not yet ordered to attack, against a living enemy on its square. */
export function legalAttacks(state: GameState, player: Colour): AttackOption[] {
  const ordered = new Set(
    state.orderIds
      .map((id) => orderAt(state, id))
      .flatMap((order) => (order.kind === 'attack' ? [order.attackerId] : [])),
  );
  const living = livingMinions(state);
  const options: AttackOption[] = [];
  for (const attackerId of living) {
    const attacker = minionAt(state, attackerId);
    if (attacker.owner !== player || ordered.has(attackerId) || held(state, attackerId)) continue;
    for (const victimId of living) {
      if (minionAt(state, victimId).owner === player || squareOf(state, victimId) !== squareOf(state, attackerId))
        continue;
      if (held(state, victimId)) continue;
      attacker.attacks.forEach((_, attack) => options.push({ attackerId, victimId, attack }));
    }
  }
  return options;
}

// ---------------------------------------------------------------------------------------------------------------
// The driver

export interface Step {
  command: Command;
  /** What the driver meant: an order among the legal options (`accept`) or one the rules must refuse. */
  expected: 'accept' | 'reject';
  note: string;
  /** The state handed to `execute`. */
  before: GameState;
  /** `before` as JSON when it was handed over, if `execute` changed it (it must not, refused or not). */
  changedFrom: string | null;
  decision: Decision | null;
  rejection: CommandRejected | null;
  /** Anything else `execute` threw: the game stops there. */
  crash: unknown;
}

export interface GameTrace {
  gameId: string;
  steps: Step[];
  /** Every event of the accepted commands, in order. */
  events: DomainEvent[];
  final: GameState;
  /** The step where `execute` threw something other than CommandRejected, if it did (the last step). */
  crashed: Step | null;
}

/** Stops a game whose engine threw something other than a refusal. */
class Crashed extends Error {
  constructor(readonly step: Step) {
    super('the engine crashed');
  }
}

interface Driver {
  state: GameState;
  steps: Step[];
  events: DomainEvent[];
  count: number;
}

function run(
  driver: Driver,
  command: Omit<Command, 'metadata'>,
  expected: Step['expected'],
  note: string,
  correlationId?: string,
): Step {
  driver.count += 1;
  const metadata = { commandId: `${GAME_ID}/c${driver.count}`, ...(correlationId ? { correlationId } : {}) };
  const full = { ...command, metadata } as Command;
  const before = driver.state;
  const json = JSON.stringify(before);
  const step: Step = {
    command: full,
    expected,
    note,
    before,
    changedFrom: null,
    decision: null,
    rejection: null,
    crash: null,
  };
  try {
    step.decision = execute(before, full);
    driver.state = step.decision.state;
    driver.events.push(...step.decision.events);
  } catch (error) {
    if (error instanceof CommandRejected) step.rejection = error;
    else step.crash = error;
  }
  if (JSON.stringify(before) !== json) step.changedFrom = json;
  driver.steps.push(step);
  if (step.crash !== null) throw new Crashed(step);
  return step;
}

const pickOf = <T>(list: readonly T[], pick: number): T | undefined =>
  list.length === 0 ? undefined : list[pick % list.length];

const mayOrder = (state: GameState, player: Colour): boolean =>
  state.phase === 'orders' && !state.players[player].confirmed;

type CommandBody = Omit<Command, 'metadata'>;

/** An order the rules must refuse, chosen by `variant` among those the state makes possible. */
function illegalOrder(
  state: GameState,
  player: Colour,
  variant: number,
  pick: number,
): { command: CommandBody; note: string } {
  const me = state.players[player];
  const living = livingMinions(state);
  const mine = living.filter((id) => minionAt(state, id).owner === player);
  const theirs = living.filter((id) => minionAt(state, id).owner !== player);
  const armed = (ids: string[]): string[] => ids.filter((id) => minionAt(state, id).attacks.length > 0);
  const notInHand = SPELL_KEYS.filter((key) => !me.hand.includes(key));
  const fallback = (): { command: CommandBody; note: string } => ({
    command: {
      type: 'TargetSpell',
      data: { player, spell: pickOf(notInHand, pick) ?? 'no-such-spell', target: { globe: true } },
    },
    note: 'S3: a spell that is not in hand',
  });
  const handSpells = [...new Set(me.hand)].sort();
  const ofKind = (kind: TargetRule['kind']): string[] =>
    handSpells.filter((key) => spellAt(state, key).target.kind === kind);
  switch (variant) {
    case 1: {
      const dead = Object.keys(state.minions).filter((id) => minionAt(state, id).status === 'dead');
      const spell = pickOf(ofKind('minion'), pick);
      if (spell === undefined) return fallback();
      const target = pickOf(dead, pick) ?? 'nobody';
      return {
        command: { type: 'TargetSpell', data: { player, spell, target: { minion: target } } },
        note: 'Q1/S2: dead or unknown minion',
      };
    }
    case 2: {
      const attacker = pickOf(armed(mine), pick);
      if (attacker === undefined) return fallback();
      const victim = pickOf(mine, pick + 1) as string;
      return {
        command: { type: 'OrderAttack', data: { player, attackerId: attacker, victimId: victim } },
        note: 'T3: attack on own minion',
      };
    }
    case 3: {
      const attacker = pickOf(armed(theirs), pick);
      const victim = pickOf(mine, pick) ?? pickOf(theirs, pick);
      if (attacker === undefined || victim === undefined) return fallback();
      return {
        command: { type: 'OrderAttack', data: { player, attackerId: attacker, victimId: victim } },
        note: "T3: attack with the enemy's minion",
      };
    }
    case 4: {
      const pairs = armed(mine).flatMap((attackerId) =>
        theirs
          .filter((victimId) => squareOf(state, victimId) !== squareOf(state, attackerId))
          .map((victimId) => ({ attackerId, victimId })),
      );
      const pair = pickOf(pairs, pick);
      if (pair === undefined) return fallback();
      return { command: { type: 'OrderAttack', data: { player, ...pair } }, note: 'T3 [A]: attack on another square' };
    }
    case 5: {
      if (me.discardedThisTurn && me.hand.length > 0) {
        return {
          command: { type: 'DiscardSpell', data: { player, spell: pickOf(me.hand, pick) as string } },
          note: 'S12: a second discard',
        };
      }
      return {
        command: { type: 'DiscardSpell', data: { player, spell: pickOf(notInHand, pick) ?? 'no-such-spell' } },
        note: 'S12: discard a card not in hand',
      };
    }
    case 6: {
      const foreign = state.orderIds.filter((id) => orderAt(state, id).player !== player);
      return {
        command: { type: 'CancelOrder', data: { player, orderId: pickOf(foreign, pick) ?? 'order.999' } },
        note: "T2: cancel an unknown or the opponent's order",
      };
    }
    case 7: {
      // Before the turn has executed nothing is scheduled; after, only the turn that executed is.
      const pending = state.pendingCollection;
      const turn = pending === null ? state.turn + (pick % 2) : pending + 1 + (pick % 2);
      return {
        command: { type: 'CollectGarbage', data: { turn } },
        note: 'T1: no collection is scheduled for the turn',
      };
    }
    case 8:
      return {
        command: { type: 'ConfirmOrders', data: { player: 'neutral' as Colour } },
        note: 'B1: neutral gives no orders',
      };
    case 9: {
      const spell = pickOf(ofKind('minion'), pick);
      const group = pickOf(Object.keys(state.groups).sort(), pick);
      if (spell === undefined || group === undefined) return fallback();
      return {
        command: { type: 'TargetSpell', data: { player, spell, target: { group } } },
        note: 'S2: a minion spell on a group',
      };
    }
    case 10: {
      const spell = pickOf(ofKind('square'), pick);
      const square = pickOf(
        BATTLE_SQUARES.filter((id) => occupied(state, id)),
        pick,
      );
      if (spell === undefined || square === undefined) return fallback();
      return {
        command: { type: 'TargetSpell', data: { player, spell, target: { square } } },
        note: 'S10: a square spell on an occupied square',
      };
    }
    case 11: {
      const spell = pickOf(ofKind('structure'), pick);
      if (spell === undefined) return fallback();
      return {
        command: { type: 'TargetSpell', data: { player, spell, target: { structure: pick % 2 ? 'SR' : 'SB' } } },
        note: 'B5: a sanctum is never a target',
      };
    }
    case 12: {
      const attacker = pickOf(armed(mine), pick);
      const victim = pickOf(theirs, pick);
      if (attacker === undefined || victim === undefined) return fallback();
      const attack = minionAt(state, attacker).attacks.length;
      return {
        command: { type: 'OrderAttack', data: { player, attackerId: attacker, victimId: victim, attack } },
        note: 'B3: no such attack',
      };
    }
    case 13:
      return {
        command: { type: 'CreateGame', data: { gameId: GAME_ID, setup: { seed: 0 } as GameSetup } },
        note: 'the game exists',
      };
    case 14: {
      // S9: a visible non-cumulative alteration or conjuration already on its host.
      const options = handSpells.flatMap((key) => {
        const spell = spellAt(state, key);
        if (isInstant(spell.type) || !spell.visible || spell.cumulative) return [];
        return Object.values(state.activeSpells)
          .filter((active) => active.spell === key && refOk(state, active.host))
          .map((active) => ({ spell: key, target: active.host }));
      });
      const option = pickOf(options, pick);
      if (option === undefined) return fallback();
      return {
        command: { type: 'TargetSpell', data: { player, ...option } },
        note: 'S9: a visible copy is active on the host',
      };
    }
    case 15: {
      // S5: the same non-cumulative spell twice on one target in a turn.
      const options = state.orderIds
        .map((id) => orderAt(state, id))
        .flatMap((order) =>
          order.kind === 'cast' &&
          order.player === player &&
          !mayRepeat(state, spellAt(state, order.spell)) &&
          me.hand.includes(order.spell)
            ? [{ spell: order.spell, target: order.target }]
            : [],
        );
      const option = pickOf(options, pick);
      if (option === undefined) return fallback();
      return {
        command: { type: 'TargetSpell', data: { player, ...option } },
        note: 'S5: non-cumulative twice on one target',
      };
    }
    case 16: {
      const spell = pickOf(
        handSpells.filter((key) => me.castOnce.includes(key)),
        pick,
      );
      if (spell === undefined) return fallback();
      return {
        command: { type: 'TargetSpell', data: { player, spell, target: { globe: true } } },
        note: 'S11: once per game, already cast',
      };
    }
    case 17: {
      // S10: an individual spell on a minion that "can't be targeted by individual spells".
      const spell = pickOf(ofKind('minion'), pick);
      const minion = pickOf(
        living.filter((id) => untargetable(state, id)),
        pick,
      );
      if (spell === undefined || minion === undefined) return fallback();
      return {
        command: { type: 'TargetSpell', data: { player, spell, target: { minion } } },
        note: "S10: a minion that can't be targeted by individual spells",
      };
    }
    case 18: {
      // T3 [A]: a minion of a group inside a spell is off the board.
      const inside = living.filter((id) => held(state, id));
      const victim = pickOf(
        inside.filter((id) => minionAt(state, id).owner !== player),
        pick,
      );
      const attacker = pickOf(armed(mine), pick);
      if (victim === undefined || attacker === undefined) return fallback();
      return {
        command: { type: 'OrderAttack', data: { player, attackerId: attacker, victimId: victim } },
        note: 'T3 [A]: the victim is inside a spell',
      };
    }
    default:
      return fallback();
  }
}

/** The host still stands on the board (for S9 orders: a host that is gone fails for another reason). */
const refOk = (state: GameState, host: EntityRef): boolean => {
  if ('minion' in host) return isLiving(state, host.minion);
  if ('group' in host) return state.groups[host.group] !== undefined;
  if ('structure' in host) return state.structures[host.structure] !== undefined;
  return true;
};

/** What this turn's orders already aim at (spell targets, attackers, victims), hosts of active spells, and their
 * groups and minions. */
function hotRefs(state: GameState): EntityRef[] {
  const refs: EntityRef[] = [];
  for (const id of state.orderIds) {
    const order = orderAt(state, id);
    if (order.kind === 'cast') refs.push(order.target);
    if (order.kind === 'attack') refs.push({ minion: order.victimId }, { minion: order.attackerId });
  }
  for (const active of Object.values(state.activeSpells)) refs.push(active.host);
  for (const ref of [...refs]) {
    const groupId = 'minion' in ref ? state.minions[ref.minion]?.groupId : null;
    if (groupId) refs.push({ group: groupId });
    if ('group' in ref) for (const minion of state.groups[ref.group]?.minionIds ?? []) refs.push({ minion });
  }
  return refs;
}

/** With `focus`, the options aimed at something already aimed at, if there are any. */
function focused<T>(state: GameState, options: T[], focus: boolean, refsOf: (option: T) => EntityRef[]): T[] {
  if (!focus) return options;
  const hot = hotRefs(state);
  const chosen = options.filter((option) => refsOf(option).some((ref) => hot.some((other) => sameRef(ref, other))));
  return chosen.length > 0 ? chosen : options;
}

function playOrder(driver: Driver, plan: OrderPlan): void {
  const state = driver.state;
  const open = mayOrder(state, plan.player);
  // An order from a player who may not give one now (confirmed, or not the orders phase) must be refused (T2).
  const expected = (legal: boolean): Step['expected'] => (legal && open ? 'accept' : 'reject');
  const player = plan.player;
  switch (plan.kind) {
    case 'cast': {
      const options = focused(state, legalCasts(state, player), plan.focus, (option) => [option.target]);
      const option = pickOf(options, plan.pick);
      if (option) run(driver, { type: 'TargetSpell', data: { player, ...option } }, expected(true), 'legal cast');
      return;
    }
    case 'attack': {
      const options = focused(state, legalAttacks(state, player), plan.focus, (option) => [
        { minion: option.victimId },
      ]);
      const option = pickOf(options, plan.pick);
      if (option) run(driver, { type: 'OrderAttack', data: { player, ...option } }, expected(true), 'legal attack');
      return;
    }
    case 'discard': {
      const me = state.players[player];
      const spell = pickOf(me.hand, plan.pick);
      if (spell !== undefined && !me.discardedThisTurn) {
        run(driver, { type: 'DiscardSpell', data: { player, spell } }, expected(true), 'legal discard');
      }
      return;
    }
    case 'cancel': {
      const own = state.orderIds.filter((id) => orderAt(state, id).player === player);
      const orderId = pickOf(own, plan.pick);
      if (orderId !== undefined)
        run(driver, { type: 'CancelOrder', data: { player, orderId } }, expected(true), 'cancel');
      return;
    }
    case 'confirm':
      run(driver, { type: 'ConfirmOrders', data: { player } }, expected(true), 'confirm');
      return;
    case 'illegal': {
      const { command, note } = illegalOrder(state, player, plan.variant, plan.pick);
      run(driver, command, 'reject', note);
      return;
    }
  }
}

/** Plays a plan: set-up, then each turn's orders, both confirmations and the scheduled garbage collection. */
export function playGame(plan: GamePlan): GameTrace {
  const driver: Driver = { state: initialState(), steps: [], events: [], count: 0 };
  let crashed: Step | null = null;
  try {
    playTurns(driver, plan);
  } catch (error) {
    if (!(error instanceof Crashed)) throw error;
    crashed = error.step;
  }
  return { gameId: GAME_ID, steps: driver.steps, events: driver.events, final: driver.state, crashed };
}

function playTurns(driver: Driver, plan: GamePlan): void {
  const created = run(driver, { type: 'CreateGame', data: { gameId: GAME_ID, setup: plan.setup } }, 'accept', 'set-up');
  if (created.decision === null) return;
  for (const turn of plan.turns) {
    const first = driver.steps.length;
    for (const order of turn.orders) playOrder(driver, order);
    for (const player of [turn.confirmFirst, turn.confirmFirst === 'red' ? 'blue' : 'red'] as const) {
      if (mayOrder(driver.state, player)) run(driver, { type: 'ConfirmOrders', data: { player } }, 'accept', 'confirm');
    }
    if (turn.late) {
      run(
        driver,
        { type: 'ConfirmOrders', data: { player: turn.confirmFirst } },
        'reject',
        'T2: confirm after execution',
      );
    }
    // The collection belongs with the confirmation that executed the turn (docs/design.md: its correlation).
    const executing = driver.steps
      .slice(first)
      .find((step) => step.decision?.events.some((event) => event.type === 'GarbageCollectionScheduled'));
    const pending = driver.state.pendingCollection;
    run(
      driver,
      { type: 'CollectGarbage', data: { turn: pending ?? driver.state.turn } },
      pending === null ? 'reject' : 'accept',
      'garbage collection',
      executing?.command.metadata.commandId,
    );
  }
}

/**
 * Runs a command list from an empty stream, as a second process would (refused commands are skipped), either on
 * a copy of the state per command (the default) or deciding in place (`execute`'s `inPlace`, as the scenario
 * runner does). Also reports the refused commands after which the state was no longer what it was before.
 */
export function replay(
  commands: Command[],
  inPlace = false,
): { events: DomainEvent[]; state: GameState; changedByRefusal: string[] } {
  let state = initialState();
  const events: DomainEvent[] = [];
  const changedByRefusal: string[] = [];
  for (const command of commands) {
    const before = JSON.stringify(state);
    try {
      const decision = execute(state, command, { inPlace });
      state = decision.state;
      events.push(...decision.events);
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
      if (JSON.stringify(state) !== before) changedByRefusal.push(command.metadata.commandId);
    }
  }
  return { events, state, changedByRefusal };
}
