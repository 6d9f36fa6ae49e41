import type { EntityRef } from '../model/game-state';
import type { House, ManaType } from '../model/mana';
import type { Colour, Player } from '../model/players';
import type { GameRules } from '../model/game-rules';
import type { MinionSpec, SpellDefinition, StructureKind, TerrainDefinition } from '../model/spell-definition';

export type PartialMana = Partial<Record<ManaType, number>>;

export interface PlayerSetup {
  house: House;
  mana: PartialMana;
  /** Mana added at every start of turn [A]; none when absent. */
  income?: PartialMana;
  hand: string[];
  deck: string[];
}

export interface GroupSetup {
  id: string;
  owner: Player;
  square: string;
  minions: (MinionSpec & { id: string })[];
}

export interface StructureSetup {
  id: string;
  kind: StructureKind;
  owner: Player;
  square: string;
}

export interface ActiveSpellSetup {
  id: string;
  spell: string;
  owner: Player;
  host: EntityRef;
  /** Conjurations: turns left before expiry; defaults to the spell's duration. */
  duration?: number;
}

export interface SquareSetup {
  id: string;
  /** B5: the terrain's name: one the set-up's `terrains` or the catalog defines acts; any other is a label. */
  terrain?: string;
}

/** A game's set-up: a scenario file without its turns (docs/design.md). */
export interface GameSetup {
  name?: string;
  seed: number;
  initiative: Colour;
  /** The game's choices among the assumptions that allow one (D6 rounds, S5/S9, D3); the defaults otherwise. */
  rules?: Partial<GameRules>;
  spells: Record<string, SpellDefinition>;
  /** Terrain definitions by name (terrains the built-in catalog holds may be left out). */
  terrains?: Record<string, TerrainDefinition>;
  players: Record<Colour, PlayerSetup>;
  board: {
    groups: GroupSetup[];
    structures: StructureSetup[];
    squares?: SquareSetup[];
    activeSpells: ActiveSpellSetup[];
  };
  /** [A] The game's last turn: at its end the game ends by the tie-break (RULES_OPTIONS.turnLimitTieBreak). */
  turnLimit?: number;
}
