/**
 * Every project assumption ([A] in docs/rules.md) lives here, so it can be read and changed in one place.
 * The engine version is part of every snapshot key: bump it whenever a change here alters derived events.
 */
export const ENGINE_VERSION = '1.7.0';

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
  /** D6 [book]: current armor is reset to max armor at the start of each combat round. */
  armorResetsAtCombatStart: true,
  /**
   * D6 [A]: combat rounds in a combat phase, unless the set-up asks for more (`rules.combatRounds`, at most
   * SETUP_LIMITS.combatRounds). In each round every attack order strikes again; armor gained during a round raises
   * max armor only, so it helps from the next round.
   */
  combatRounds: 1,
  /**
   * S5 vs S9 [A]: may a player target two copies of the same non-visible spell on one target in one turn? S5 allows
   * it only for spells that "explicitly state 'cumulative'"; S9 calls every non-visible spell cumulative.
   * `allowed` follows S9 (the default); `refused` follows S5. A set-up may choose (`rules.nonVisibleDuplicates`).
   */
  nonVisibleDuplicates: 'allowed' as 'allowed' | 'refused',
  /**
   * D3 [A]: damage that reaches D3 as 0 and that no "after checking armor" effect cancelled — "If this cancels the
   * damage, halt with bounced": `bounced` (the default) halts there; `applied` goes on to D4, which applies 0
   * (result damaged). A set-up may choose (`rules.zeroDamageAtD3`).
   */
  zeroDamageAtD3: 'bounced' as 'bounced' | 'applied',
  /**
   * [A] Square occupancy for movement (a `move`, a group coming out of a spell): a group may enter a square where
   * fewer than this many other groups of its owner stand. Enemy groups may share it (T3: they fight there). Set-ups
   * and creations are not movement and are not limited by it.
   */
  groupsPerOwnerPerSquare: 1,
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
   * T2 [A]: orders a player may give and cancel in one turn, together. Each is an event, so without a bound one
   * player ordering and cancelling in a loop would grow the game without end (and every read of it); a turn needs
   * far fewer: at most 64 attacks, a hand of casts, one discard, and changes of mind.
   */
  orderChangesPerTurn: 256,
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
