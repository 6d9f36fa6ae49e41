import { RULES_OPTIONS } from '../rules-options';

/**
 * The documented limits of a set-up (docs/limits.md). Together with the command event budget [A] they bound what
 * one command can record: every event's size (ids, definitions and lists are bounded here) and the number of its
 * events (RULES_OPTIONS.commandEventBudget), so that a game's largest append stays under EventStoreDB's default
 * largest append of 1 MB. A test plays the largest set-up's worst turns and measures it.
 */
export const SETUP_LIMITS = {
  /**
   * Every amount a set-up gives (mana, income, HP, armor, damage, costs, heals, durations): a whole number from 0
   * to this; changes (`modifyDamage.by`, `modifyStats`) from −this to +this.
   */
  amount: 1_000_000,
  /** A game's seed: 0 to this. */
  seed: Number.MAX_SAFE_INTEGER,
  /** Groups on the board at set-up, all owners together (each holds 1 to 8 minions, B4). */
  groups: 32,
  structures: 64,
  squares: 64,
  activeSpells: 64,
  /** Spell definitions a game uses: those it defines and the catalog spells it names. */
  spells: 64,
  /** Cards in one player's hand at set-up: a hand holds 5 (B7). */
  hand: RULES_OPTIONS.handSize,
  /** Cards in one player's deck. */
  deck: 20_000,
  attacksPerMinion: 4,
  traitsPerMinion: 4,
  effectsPerSpell: 4,
  triggersPerSpell: 4,
  /** Terrain definitions a game uses: those it defines and the catalog terrains its squares name. */
  terrains: 16,
  triggersPerTerrain: 4,
  /** D6 [A]: combat rounds a set-up may ask for (`rules.combatRounds`). */
  combatRounds: 8,
  /** Characters of a name, a minion's class or a square's terrain. */
  text: 128,
  /** The whole set-up as JSON, which GameCreated records in one event. */
  setupBytes: 256 * 1024,
} as const;
