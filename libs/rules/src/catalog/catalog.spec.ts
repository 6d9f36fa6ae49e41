import { CommandRejected } from '../commands/command-rejected.error';
import { execute } from '../engine/decide';
import type { DomainEvent } from '../events/domain-event';
import { initialState } from '../model/initial-state';
import { HOUSE_MANA, MANA_TYPES, costInMana } from '../model/mana';
import type { Action, SpellDefinition } from '../model/spell-definition';
import { HOOK_ONLY_ACTIONS, actionOf, isInstant, isSpellHook } from '../model/spell-definition';
import { resolveSpells } from '../setup/create-game.decide';
import type { GameSetup } from '../setup/game-setup';
import { CATALOG_FAMILIES, CATALOG_KEYS, SPELL_CATALOG, catalogSpell } from './index';
import { PLENTY_OF_MANA, beast, group, swordsman } from './catalog-scenario.testing';

/** The first effect of a catalog spell; fails the test when the spell has none. */
function firstEffectOf(key: string): Action {
  const [effect] = catalogSpell(key).effects;
  if (effect === undefined) throw new Error(`catalog spell ${key} has no effect`);
  return effect;
}

const ALL: SpellDefinition[] = Object.values(SPELL_CATALOG);

/**
 * The category of death a spell gives its target (K1), by its own effects or, for the removals that need the board,
 * by the hook of its own that removes (Jumping Land's expiry, Boardhop's dispel, Moonwalking's failure); null for
 * spells that do not kill.
 */
function documentedCategory(spell: SpellDefinition): 'removed' | 'replaced' | 'dies' | null {
  const ownHooks = spell.triggers.filter((trigger) => isSpellHook(trigger.on)).map((trigger) => trigger.do);
  for (const effect of [...spell.effects, ...ownHooks]) {
    const { name, params } = actionOf(effect);
    if (name === 'destroy') return (params as { category: 'dies' | 'removed' }).category;
    if (name === 'replaceGroup' || name === 'replaceMinion' || name === 'replaceStructure') return 'replaced';
  }
  return null;
}

/** Every spell the rules pages name (docs/rules.md Q3–Q5, K1, and the source pages), with its documented category. */
const NAMED_SPELLS: Record<string, 'removed' | 'replaced'> = {
  // Q5, K1 "removed from the game"
  void: 'removed',
  ascension: 'removed',
  'cessao-spiral': 'removed',
  'dryads-favors': 'removed',
  'shifting-sands': 'removed',
  'jumping-land': 'removed',
  boardhop: 'removed',
  moonwalking: 'removed',
  // Q3, K1 "replaced by"; Q4 recruit → recruit; seed v2.10 Karkara
  lycanthropy: 'replaced',
  devolution: 'replaced',
  instability: 'replaced',
  volgaris: 'replaced',
  karkara: 'replaced',
  civilize: 'replaced',
  settlement: 'replaced',
  'zanas-champion': 'replaced',
  'jade-gargoyle': 'replaced',
  odar: 'replaced',
};

function setupNaming(keys: readonly string[]): GameSetup {
  return {
    seed: 3,
    initiative: 'red',
    spells: {},
    players: {
      // A hand holds at most 5 cards (B7): the rest of the keys go in the deck.
      red: { house: 'death', mana: { ...PLENTY_OF_MANA }, hand: keys.slice(0, 5), deck: keys.slice(5) },
      blue: { house: 'life', mana: { ...PLENTY_OF_MANA }, hand: [], deck: [...keys] },
    },
    board: {
      groups: [group('G1', 'blue', 'C3', [swordsman('M1')]), group('G2', 'neutral', 'D4', [beast('B1')])],
      structures: [{ id: 'T1', kind: 'town', owner: 'blue', square: 'E5' }],
      activeSpells: [],
    },
  };
}

function createGame(setup: GameSetup): DomainEvent[] {
  return execute(initialState(), { type: 'CreateGame', data: { gameId: 'g1', setup }, metadata: { commandId: 'c1' } })
    .events;
}

function actionsOf(spell: SpellDefinition): Action[] {
  return [...spell.effects, ...spell.triggers.map((trigger) => trigger.do)];
}

describe('built-in spell catalog: shape and set-up validation', () => {
  it('B6, S1, S2: every catalog entry passes the engine set-up validation when a game names it in a hand and a deck', () => {
    const events = createGame(setupNaming(CATALOG_KEYS));
    const created = events.find((event) => event.type === 'GameCreated') as DomainEvent<'GameCreated'>;
    expect(created).toBeDefined();
    expect(Object.keys(created.data.spells).sort()).toEqual([...CATALOG_KEYS].sort());
    for (const key of CATALOG_KEYS) expect(created.data.spells[key]).toEqual(SPELL_CATALOG[key]);
    expect(events.map((event) => event.type)).toContain('OrdersPhaseStarted');
  });

  it.each(CATALOG_KEYS.map((key) => [key]))('B6, S1, S2: "%s" alone passes set-up validation', (key) => {
    expect(() => createGame(setupNaming([key]))).not.toThrow();
  });

  it('S3: every definition key equals its map key, is kebab-case and is the kebab-case of its name', () => {
    expect(CATALOG_KEYS.length).toBeGreaterThan(0);
    for (const [key, spell] of Object.entries(SPELL_CATALOG)) {
      expect(spell.key).toBe(key);
      expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const kebab = spell.name
        .toLowerCase()
        .replace(/['’]/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      expect(kebab).toBe(key);
    }
  });

  it('S1: the families hold every catalog entry once', () => {
    const fromFamilies = Object.values(CATALOG_FAMILIES).flatMap((family) => family.map((spell) => spell.key));
    expect(new Set(fromFamilies).size).toBe(fromFamilies.length);
    expect([...fromFamilies].sort()).toEqual([...CATALOG_KEYS].sort());
  });

  it("B6: every house is one of the twelve and every cost is paid in that house's two mana types only", () => {
    for (const spell of ALL) {
      expect(Object.keys(HOUSE_MANA)).toContain(spell.house);
      expect(Number.isInteger(spell.cost.primary) && spell.cost.primary >= 1).toBe(true);
      expect(Number.isInteger(spell.cost.secondary) && spell.cost.secondary >= 0).toBe(true);
      const pool = costInMana(spell.house, spell.cost);
      const [primary, secondary] = HOUSE_MANA[spell.house];
      for (const type of MANA_TYPES) {
        if (type !== primary && type !== secondary) expect(pool[type]).toBe(0);
      }
      expect(pool[primary]).toBe(spell.cost.primary);
      expect(pool[secondary]).toBe(spell.cost.secondary);
    }
  });

  it('S1, S9: instants have no triggers and no duration; conjurations have a duration; non-visible spells are cumulative', () => {
    for (const spell of ALL) {
      if (isInstant(spell.type)) {
        expect(spell.triggers).toEqual([]);
        expect(spell.duration).toBeUndefined();
      }
      if (spell.type === 'conjuration') expect(spell.duration).toBeGreaterThanOrEqual(1);
      if (spell.type === 'alteration') expect(spell.duration).toBeUndefined();
      if (!spell.visible) {
        expect(spell.cumulative).toBe(true);
        expect(isInstant(spell.type)).toBe(false);
      }
      expect(spell.effects.length + spell.triggers.length).toBeGreaterThan(0);
    }
  });

  it('B5, S2: summonings target a square, heroes a friendly recruit group, and no entry targets a sanctum', () => {
    for (const spell of ALL) {
      if (spell.type === 'summoning') expect(spell.target).toEqual({ kind: 'square' });
      if (spell.type === 'hero')
        expect(spell.target).toEqual({ kind: 'group', side: 'friendly', groupKind: 'recruit' });
      expect(spell.target.structureKind).not.toBe('sanctum');
    }
  });

  it('D1, D3, E1: hook-only actions appear only in their hooks; protective triggers act on damage', () => {
    for (const spell of ALL) {
      for (const effect of spell.effects) expect(HOOK_ONLY_ACTIONS[actionOf(effect).name]).toBeUndefined();
      for (const trigger of spell.triggers) {
        const hooks = HOOK_ONLY_ACTIONS[actionOf(trigger.do).name];
        if (hooks) expect(hooks).toContain(trigger.on);
        if (trigger.protective) expect(['beforeArmor', 'afterArmor', 'hitBy']).toContain(trigger.on);
      }
      for (const action of actionsOf(spell)) expect(Object.keys(action)).toHaveLength(1);
    }
  });

  it.each(Object.entries(NAMED_SPELLS))(
    'K1, Q3, Q4, Q5: the rules pages name "%s"; its stand-in gives the documented category "%s"',
    (key, category) => {
      expect(documentedCategory(catalogSpell(key))).toBe(category);
    },
  );

  it('K1, Q3, Q4: each replacement turns its target into the documented kind', () => {
    const replacement = (key: string): { minions?: { kind: string }[]; structure?: { kind: string } } => {
      const { name, params } = actionOf(firstEffectOf(key));
      expect(['replaceGroup', 'replaceStructure', 'replaceMinion']).toContain(name);
      const made = (params as { with: object }).with;
      return name === 'replaceMinion' ? { minions: [made as { kind: string }] } : made;
    };
    const kinds = (key: string): string[] => (replacement(key).minions ?? []).map((minion) => minion.kind);
    const target = (key: string): SpellDefinition['target'] => catalogSpell(key).target;
    // recruit group → monster group
    expect(target('lycanthropy')).toEqual({ kind: 'group', groupKind: 'recruit' });
    expect(new Set(kinds('lycanthropy'))).toEqual(new Set(['monster']));
    // monster group → recruit group
    expect(target('devolution')).toEqual({ kind: 'group', groupKind: 'monster' });
    expect(new Set(kinds('devolution'))).toEqual(new Set(['recruit']));
    // monster group → monster group
    for (const key of ['instability', 'volgaris']) {
      expect(target(key)).toEqual({ kind: 'group', groupKind: 'monster' });
      expect(new Set(kinds(key))).toEqual(new Set(['monster']));
    }
    // group → group
    expect(target('karkara').kind).toBe('group');
    expect(kinds('karkara').length).toBeGreaterThan(0);
    // monster group → colony
    for (const key of ['civilize', 'settlement']) {
      expect(target(key)).toEqual({ kind: 'group', groupKind: 'monster' });
      expect(catalogSpell(key).effects).toEqual([{ replaceGroup: { with: { structure: { kind: 'colony' } } } }]);
    }
    // town or colony → recruit group
    expect(target('zanas-champion')).toEqual({ kind: 'structure' });
    expect('replaceStructure' in firstEffectOf('zanas-champion')).toBe(true);
    expect(new Set(kinds('zanas-champion'))).toEqual(new Set(['recruit']));
    // recruit → recruit (Q4)
    for (const key of ['jade-gargoyle', 'odar']) {
      expect(target(key)).toEqual({ kind: 'minion', groupKind: 'recruit' });
      expect('replaceMinion' in firstEffectOf(key)).toBe(true);
      expect(kinds(key)).toEqual(['recruit']);
    }
  });

  it('D0, D1, D6, E1, S1, S5, S9, S11: the generic spells the catalog promises are there', () => {
    const has = (predicate: (spell: SpellDefinition) => boolean): boolean => ALL.some(predicate);
    const acts = (spell: SpellDefinition, name: string): boolean =>
      actionsOf(spell).some((action) => actionOf(action).name === name);
    expect(has((s) => s.target.kind === 'minion' && acts(s, 'damage') && isInstant(s.type))).toBe(true);
    expect(has((s) => s.target.kind === 'group' && acts(s, 'damage') && isInstant(s.type))).toBe(true);
    expect(has((s) => documentedCategory(s) === 'dies')).toBe(true);
    expect(has((s) => acts(s, 'heal') && isInstant(s.type))).toBe(true);
    expect(
      has((s) => s.triggers.some((t) => t.on === 'beforeArmor' && t.protective && t.damageKind === 'missile')),
    ).toBe(true);
    expect(
      has((s) => s.type === 'alteration' && s.effects.some((e) => 'modifyStats' in e && e.modifyStats.armor)),
    ).toBe(true);
    expect(
      has((s) => s.type === 'alteration' && s.effects.some((e) => 'modifyStats' in e && e.modifyStats.damage)),
    ).toBe(true);
    expect(has((s) => !s.visible && s.triggers.some((t) => t.on === 'isDying' && 'returnToLife' in t.do))).toBe(true);
    expect(has((s) => acts(s, 'dispel'))).toBe(true);
    expect(has((s) => s.type === 'conjuration' && s.triggers.some((t) => t.on === 'atStartOfTurn'))).toBe(true);
    expect(has((s) => s.target.kind === 'globe' && acts(s, 'gainMana'))).toBe(true);
    expect(has((s) => s.cumulative && s.visible && s.type === 'alteration')).toBe(true);
    expect(has((s) => s.oncePerGame)).toBe(true);
    expect(has((s) => s.type === 'summoning' && acts(s, 'summon'))).toBe(true);
    expect(has((s) => s.type === 'hero' && acts(s, 'summon'))).toBe(true);
  });

  it('S3: catalogSpell returns a definition by key and throws a clear error for an unknown key', () => {
    expect(catalogSpell('void').name).toBe('Void');
    expect(() => catalogSpell('no-such-spell')).toThrow(/unknown catalog spell "no-such-spell"/);
    expect(() => catalogSpell('toString')).toThrow(/unknown catalog spell "toString"/);
  });

  it('S3: the catalog is frozen all the way down: no game can change it', () => {
    expect(Object.isFrozen(SPELL_CATALOG)).toBe(true);
    const lycanthropy = catalogSpell('lycanthropy') as unknown as { cost: { primary: number } };
    expect(() => {
      lycanthropy.cost.primary = 0;
    }).toThrow(TypeError);
    expect(catalogSpell('lycanthropy').cost.primary).toBeGreaterThan(0);
  });

  it('S3: resolveSpells: a set-up that defines a catalog key itself keeps its own definition', () => {
    const own: SpellDefinition = { ...catalogSpell('void'), name: 'House Void', cost: { primary: 1, secondary: 0 } };
    const setup = setupNaming(['void', 'lycanthropy']);
    setup.spells = { void: own };
    const spells = resolveSpells(setup);
    expect(spells.void).toBe(own);
    expect(spells.lycanthropy).toBe(SPELL_CATALOG.lycanthropy);
  });

  it('S3: resolveSpells: catalog spells follow the set-up, in order of first mention (red hand, red deck, blue …, board), each once', () => {
    const setup = setupNaming([]);
    setup.spells = { house: { ...catalogSpell('void'), name: 'House spell' } };
    setup.players.red.hand = ['lycanthropy', 'house'];
    setup.players.red.deck = ['void', 'lycanthropy', 'void'];
    setup.players.blue.hand = ['void'];
    setup.players.blue.deck = ['magic-bolt', 'lycanthropy'];
    setup.board.activeSpells = [{ id: 'A1', spell: 'zanas-champion', owner: 'blue', host: { structure: 'T1' } }];
    // The key order is part of GameCreated: the same set-up must always give byte-identical events.
    expect(Object.keys(resolveSpells(setup))).toEqual(['house', 'lycanthropy', 'void', 'magic-bolt', 'zanas-champion']);
  });

  it('S3: a set-up naming an undefined spell is rejected, even when the name is an inherited property ("toString")', () => {
    expect(() => createGame(setupNaming(['no-such-spell']))).toThrow(CommandRejected);
    // The catalog has a null prototype, so it does not supply "toString"; the set-up's own spells map must not either.
    expect(() => createGame(setupNaming(['toString']))).toThrow(CommandRejected);
  });
});
