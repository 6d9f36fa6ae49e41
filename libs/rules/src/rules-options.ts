/**
 * Every project assumption ([A] in RULES.md) lives here, so it can be read and changed in one place.
 * The engine version is part of every snapshot key: bump it whenever a change here alters derived events.
 */
export const ENGINE_VERSION = '1.6.0';

/** The `rule` events cite when what they record is one of the project's own assumptions rather than a rule. */
export const ASSUMPTION = 'A';

export const RULES_OPTIONS = {
  /** B7 [book]. */
  handSize: 5,
  /** B4 [book]. */
  maxGroupSize: 8,
  /** T1 initiative update [A]: the holder alternates every turn, starting with the set-up's `initiative`. */
  initiativeAlternates: true,
  /** S7 [A]: all of one player's spells execute before the other's; players do not interleave. */
  interleaveSpellExecution: false,
  /** T3 [A]: an attacker may only attack a minion on its own square. */
  combatRequiresSameSquare: true,
  /** T3 [A]: each minion attacks at most once per turn. */
  attacksPerMinionPerTurn: 1,
  /** D6 [A]: the combat phase is one combat round; current armor is reset to max armor when it starts. */
  armorResetsAtCombatStart: true,
  /** S4 [A]: cancelling an order before confirming refunds its mana. */
  refundOnCancel: true,
  /** [A] Trigger order when a minion's effects are checked: its traits, its own spells, then its group's. */
  triggerSources: ['traits', 'minionSpells', 'groupSpells'] as const,
  /** [A] Effects that trigger effects are cut off at this depth (no infinite reflection loops). */
  maxTriggerDepth: 8,
  /**
   * [A] Events one command may record before its work is cut short. Triggers feeding each other (two minions
   * reflecting blows) make work grow with the power of the trigger depth, and the store takes a command's events
   * in one append, which EventStoreDB limits to 1 MB: once a command has recorded this many events, no further
   * trigger fires and no further effect takes place, attacks still to come fizzle, and CommandBudgetSpent says so;
   * the turn still completes. Counted in events, not in triggers, because one triggered action can record one
   * event or a hundred.
   */
  commandEventBudget: 1000,
  /** T3 [A]: attack orders a player may give in one turn (with one attack per minion, a grown board is bounded too). */
  attackOrdersPerTurn: 64,
  /**
   * [A] At a set-up's turn limit the game ends and these decide, in order, who won: the side whose living minions
   * have more HP in total, then the side with more living minions; equal on both, a draw.
   */
  turnLimitTieBreak: ['hp', 'minions'] as const,
  /** [A] The longest reason the organiser may give for an adjudicated result, in characters. */
  adjudicationReasonLength: 500,
  /** Event schema version written in every event's metadata. */
  schemaVersion: 1,
} as const;
