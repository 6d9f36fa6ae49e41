import type { EntityRef } from '../model/game-state';
import type { House } from '../model/mana';
import type { Colour, Player } from '../model/players';
import type { GameRules } from '../model/game-rules';
import type { MinionSpec, SpellDefinition, StructureKind, TerrainDefinition } from '../model/spell-definition';
import type { GameSetup, PartialMana, PlayerSetup } from '../setup/game-setup';

/** A set-up minion: a minion spec with its id. */
export type SetupMinion = MinionSpec & { id: string };

/** Plenty of every mana type, so that costs only matter in the tests about costs. */
export const PLENTY_OF_MANA: PartialMana = { order: 10, strife: 10, clarity: 10, mystery: 10, will: 10, world: 10 };

/** A recruit swordsman: 5 HP, no armor, a 2-point hand attack, unless the options say otherwise. */
export function recruit(id: string, options: Partial<MinionSpec> = {}): SetupMinion {
  return {
    id,
    kind: 'recruit',
    class: 'swordsman',
    hp: 5,
    armor: 0,
    attacks: [{ kind: 'hand', damage: 2 }],
    ...options,
  };
}

/** A recruit archer: 3 HP, no armor, a 2-point missile attack, unless the options say otherwise. */
export function archer(id: string, options: Partial<MinionSpec> = {}): SetupMinion {
  return recruit(id, { class: 'archer', hp: 3, attacks: [{ kind: 'missile', damage: 2 }], ...options });
}

/** A monster: 6 HP, no armor, a 3-point hand attack, unless the options say otherwise. */
export function monster(id: string, options: Partial<MinionSpec> = {}): SetupMinion {
  return { id, kind: 'monster', class: null, hp: 6, armor: 0, attacks: [{ kind: 'hand', damage: 3 }], ...options };
}

/**
 * A spell definition with every field docs/design.md asks for. Defaults: a visible, non-cumulative death-house
 * manifestation on any minion, costing 1 primary mana (mystery), with no effects or triggers.
 */
export function spell(key: string, options: Partial<Omit<SpellDefinition, 'key'>> = {}): SpellDefinition {
  return {
    key,
    name: key,
    house: 'death',
    type: 'manifestation',
    target: { kind: 'minion' },
    cost: { primary: 1, secondary: 0 },
    visible: true,
    cumulative: false,
    oncePerGame: false,
    effects: [],
    triggers: [],
    ...options,
  };
}

/**
 * Builds a game set-up tersely: red (house death) and blue (house war), both with plenty of mana and empty
 * hands and decks, red holding initiative, nothing on the board. Groups stand on square A1 unless told
 * otherwise, so every minion can attack every enemy (T3 [A]: attacks need the same square).
 */
export class GameBuilder {
  private readonly setup: GameSetup = {
    name: 'test game',
    seed: 1,
    initiative: 'red',
    spells: {},
    players: {
      red: { house: 'death', mana: { ...PLENTY_OF_MANA }, hand: [], deck: [] },
      blue: { house: 'war', mana: { ...PLENTY_OF_MANA }, hand: [], deck: [] },
    },
    board: { groups: [], structures: [], squares: [], activeSpells: [] },
  };

  named(name: string): this {
    this.setup.name = name;
    return this;
  }

  initiative(colour: Colour): this {
    this.setup.initiative = colour;
    return this;
  }

  spells(...definitions: SpellDefinition[]): this {
    for (const definition of definitions) this.setup.spells[definition.key] = definition;
    return this;
  }

  /** The game's choices among the assumptions (D6 rounds, S5/S9, D3). */
  rules(rules: Partial<GameRules>): this {
    this.setup.rules = { ...this.setup.rules, ...rules };
    return this;
  }

  /** Terrain definitions its squares may name (B5). */
  terrains(...definitions: TerrainDefinition[]): this {
    this.setup.terrains ??= {};
    for (const definition of definitions) this.setup.terrains[definition.key] = definition;
    return this;
  }

  player(colour: Colour, options: Partial<PlayerSetup>): this {
    Object.assign(this.setup.players[colour], options);
    return this;
  }

  house(colour: Colour, house: House): this {
    return this.player(colour, { house });
  }

  /** Replaces the player's mana pool (every type not given is 0). */
  mana(colour: Colour, mana: PartialMana): this {
    return this.player(colour, { mana });
  }

  income(colour: Colour, income: PartialMana): this {
    return this.player(colour, { income });
  }

  hand(colour: Colour, ...spells: string[]): this {
    return this.player(colour, { hand: spells });
  }

  deck(colour: Colour, ...spells: string[]): this {
    return this.player(colour, { deck: spells });
  }

  group(id: string, owner: Player, minions: SetupMinion[], square = 'A1'): this {
    this.setup.board.groups.push({ id, owner, square, minions });
    return this;
  }

  structure(id: string, kind: StructureKind, owner: Player, square: string): this {
    this.setup.board.structures.push({ id, kind, owner, square });
    return this;
  }

  square(id: string, terrain?: string): this {
    this.setup.board.squares?.push(terrain === undefined ? { id } : { id, terrain });
    return this;
  }

  /** An active spell already in play at set-up (S8), e.g. a ward on a group. */
  activeSpell(id: string, spellKey: string, owner: Player, host: EntityRef, duration?: number): this {
    this.setup.board.activeSpells.push({
      id,
      spell: spellKey,
      owner,
      host,
      ...(duration === undefined ? {} : { duration }),
    });
    return this;
  }

  /** An independent copy of the set-up built so far. */
  /** [A] The game's last turn. */
  turnLimit(turn: number): this {
    this.setup.turnLimit = turn;
    return this;
  }

  build(): GameSetup {
    return structuredClone(this.setup);
  }
}

export function game(): GameBuilder {
  return new GameBuilder();
}
