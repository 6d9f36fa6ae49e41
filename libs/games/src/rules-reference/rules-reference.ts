/**
 * The project's own rules reference: every rule id the engine cites (`metadata.rule`), what the rule says in this
 * project's words, and the rulebook page it comes from. Served at `/rules` and `/rules/:id`, shown on the replay
 * page's rule badges, printed by `sanctum rules [ID]`. The four source pages are pages of the Sanctum rulebook
 * (by title and version); "other rulebook pages" are facts of the same rulebook the four lean on; "the project" marks a choice made
 * where the pages say nothing (each lives in `RULES_OPTIONS`, libs/rules/src/rules-options.ts).
 */

/** Where a rule comes from. */
export interface RuleSource {
  /** The page's title as the rulebook gives it, or what stands for it. */
  page: string;
  /** The rulebook version of the page (the newer wins where two disagree). */
  version: string | null;
}

export interface RuleEntry {
  /** The id events cite (`D2`, `E1.1`, `S10`, `A`). */
  id: string;
  title: string;
  /** What the rule says, in the project's words. */
  statement: string;
  sources: RuleSource[];
  /** Where the pages are silent and the project chose: the choice, and the `RULES_OPTIONS` key that holds it. */
  assumption?: string;
}

const DEATH_2005: RuleSource = {
  page: 'The Minion Death Pipeline (death categories, deaths squander spells)',
  version: 'v2.10 (2005)',
};
const DEATH_2009: RuleSource = {
  page: 'The Minion Death Pipeline (recruit-to-recruit exception, the graveyard)',
  version: 'v2.20 (2009)',
};
const SPELLS: RuleSource = {
  page: 'Spells (data, stages, targeting, active lists, visibility, squandering)',
  version: 'v2.10 (2005)',
};
const DAMAGE: RuleSource = {
  page: 'The Damage Pipeline (types of damage, the "Takes Damage" pipeline)',
  version: 'v2.10 (2005)',
};
const BOOK: RuleSource = {
  page: 'other pages of the Sanctum rulebook (facts the four pages rely on; not held by the project)',
  version: null,
};
const PROJECT: RuleSource = { page: 'the project (where the pages are silent)', version: null };

export const RULES_REFERENCE: readonly RuleEntry[] = [
  {
    id: 'B1',
    title: 'Players and initiative',
    statement:
      'Two players, red and blue, play against each other; the computer plays for neutral. At any moment either red ' +
      'or blue has the initiative, never both; red has it first.',
    sources: [BOOK],
  },
  {
    id: 'B2',
    title: 'Initiative sequences',
    statement:
      'Whenever the sides act in turn, the order depends on what is done. Spells (and events that bubble up) go ' +
      'initiative side first, then the other side, then neutral. Attacks go initiative side, then neutral, then the ' +
      'other side.',
    sources: [BOOK],
  },
  {
    id: 'B3',
    title: 'Minions',
    statement:
      'A minion is a single recruit (a swordsman or an archer) or a single monster. It has current and maximum HP, ' +
      'current and maximum armor, any number of attacks (hand or missile, an amount, perhaps magical or ' +
      'armor-ignoring), an owner, a status that is alive, dying or dead, and the individual spells cast on it.',
    sources: [BOOK, DAMAGE],
  },
  {
    id: 'B4',
    title: 'Groups',
    statement:
      'Minions stand in groups of one to eight, all of the same owner and all recruits or all monsters. A group is ' +
      'on one square, was created at a known point, and carries its own group spells. A living minion is in exactly ' +
      'one group; a group that loses its last minion dies and leaves the game.',
    sources: [BOOK],
  },
  {
    id: 'B5',
    title: 'Structures, squares and the globe',
    statement:
      'Sanctums, towns and colonies stand on squares; no spell may ever target a sanctum. A square has its terrain ' +
      'and its square spells; global spells sit on the globe.',
    sources: [BOOK],
    assumption:
      'a terrain the set-up or the catalog defines acts on a group as it comes onto the square and after each start ' +
      'of turn (water drowns, lava burns: deaths nobody is blamed for); groups move by effects, and a group may not ' +
      'enter a square where another group of its owner stands; a group inside a spell stands on no square until the ' +
      'spell sets it down (groupsPerOwnerPerSquare)',
  },
  {
    id: 'B6',
    title: 'Mana and houses',
    statement:
      'Mana comes in six kinds forming three opposed pairs (order and strife, clarity and mystery, will and world). ' +
      'A spell belongs to one of twelve houses, and its cost is paid only in that house’s two kinds, a primary and ' +
      'a secondary amount.',
    sources: [SPELLS, BOOK],
  },
  {
    id: 'B7',
    title: 'Deck, hand and graveyard',
    statement:
      'Every player draws from a deck into a hand of at most five cards, and keeps a graveyard where buried minions ' +
      'wait until the end of the turn.',
    sources: [BOOK, DEATH_2009],
  },
  {
    id: 'D0',
    title: 'Kinds of damage',
    statement:
      'Damage has an amount and a kind. Physically it is hand or missile (one attack is never both), or neither. It ' +
      'may ignore armor: then armor neither lessens it nor is worn down by it. Magical damage also ignores armor, ' +
      'and besides passes every immunity and protective spell, so a shield against missiles does not stop a ' +
      'magical missile. Most damaging spells deal plain magical damage.',
    sources: [DAMAGE],
  },
  {
    id: 'D0.1',
    title: 'What a damage run is given',
    statement:
      'Each time a minion takes damage, the pipeline runs with the kind and amount of the damage and, if there is ' +
      'one, the attacker to blame. Combat always has an attacker; a spell usually has none.',
    sources: [DAMAGE],
  },
  {
    id: 'D1',
    title: 'Before armor',
    statement:
      'First every effect that acts "before checking armor" takes place, and with an attacker every "is hit by" ' +
      'effect too — all of them, one after the other, even once the damage has dropped to nothing; this step never ' +
      'stops the run. Damage that ignores armor, or is magical, then goes straight to D3.',
    sources: [DAMAGE],
    assumption:
      '"is hit by" effects apply to any damage with an attacker to blame, "is hit in combat" effects only to the blow ' +
      'of an attack',
  },
  {
    id: 'D2',
    title: 'Armor soaks',
    statement:
      'The damage left and the minion’s current armor wear each other down, one point against one, until one of ' +
      'them is gone. No damage left: the run ends, bounced. Otherwise the armor is now zero and the run goes on to D3.',
    sources: [DAMAGE],
  },
  {
    id: 'D3',
    title: 'After armor',
    statement:
      'The damage is first lowered to the minion’s current HP if it is more. Then every "after checking armor" ' +
      'effect takes place. Only after all of them: if they have cancelled the damage, the run ends bounced; if the ' +
      'minion has died in the meantime, it ends killed.',
    sources: [DAMAGE],
    assumption:
      'damage that comes to this step as 0 and that no effect cancelled is bounced here, unless the game is set up ' +
      'to apply it at D4 as 0 damage (zeroDamageAtD3)',
  },
  {
    id: 'D4',
    title: 'Damage is applied',
    statement:
      'The minion loses HP equal to the damage left. Still alive with HP above zero: the run ends, damaged. ' +
      'Otherwise it ends, killed.',
    sources: [DAMAGE],
  },
  {
    id: 'D5',
    title: 'A killing blow starts the death',
    statement:
      'A run that ends killed starts the minion’s death: as a kill when an attacker is to blame, as a plain death ' +
      'when none is.',
    sources: [DAMAGE, DEATH_2009],
  },
  {
    id: 'D6',
    title: 'Armor per combat round',
    statement:
      'Armor wears down within a combat round and is whole again when the next round starts. Armor gained during a ' +
      'round only raises the maximum, so it helps from the next round on.',
    sources: [BOOK],
    assumption:
      'the combat phase is a single round unless the game is set up for more (up to 8), every attack order striking ' +
      'once a round; current armor is restored as each round starts (combatRounds, armorResetsAtCombatStart)',
  },
  {
    id: 'K1',
    title: 'The four ways to die',
    statement:
      '"Kills": someone is to blame, and both the "if/when killed" and the "when dies" effects apply. "Dies": ' +
      'nobody is to blame, and only the "when dies" effects apply. "Removed from the game": no effect applies at ' +
      'all. "Replaced": short for being removed from the game while a replacement is made.',
    sources: [DEATH_2005, DEATH_2009],
    assumption:
      '"if killed" effects happen while the minion is dying (E1, and may bring it back to life), "when killed" ' +
      'effects once it is dead (E2); an attacker\'s "hits" effects (a weapon spell\'s extra damage) strike the minion ' +
      'hit once the blow has landed, blamed on the attacker',
  },
  {
    id: 'E0',
    title: 'Where a death starts',
    statement: 'Kills and plain deaths begin at E1 (the minion is dying first); removals and replacements skip to E2.',
    sources: [DEATH_2009],
  },
  {
    id: 'E1',
    title: 'Dying',
    statement:
      'The minion becomes dying, and each of its "is dying" effects is checked. An effect that brings it back to ' +
      'life cancels the dying: the minion is alive again.',
    sources: [DEATH_2009],
  },
  {
    id: 'E1.1',
    title: 'One cancel per death',
    statement: 'Once one effect has cancelled a death, any further cancelling effect leaves this death alone.',
    sources: [DEATH_2009],
  },
  {
    id: 'E1.2',
    title: 'A cancel that saves',
    statement:
      'A cancelled dying with HP left above zero ends the death there: the minion lives. Cancelled but with no HP ' +
      'left, it dies all the same (on to E2).',
    sources: [DEATH_2009],
  },
  {
    id: 'E2',
    title: 'Death',
    statement:
      'The minion is dead. After a kill every "when … is killed" effect takes place; after a kill or a plain death ' +
      'every "when … dies" effect does.',
    sources: [DEATH_2009],
  },
  {
    id: 'E3',
    title: 'Burial',
    statement: 'The dead minion is buried in three steps (E3.1 to E3.3).',
    sources: [DEATH_2009],
  },
  {
    id: 'E3.1',
    title: 'Its spells go',
    statement: 'Every individual spell active on the minion is dispelled, the non-visible ones included.',
    sources: [DEATH_2009],
  },
  {
    id: 'E3.2',
    title: 'It leaves its group',
    statement: 'The minion is taken out of its group, and with that the group’s spells no longer act on it.',
    sources: [DEATH_2009],
  },
  {
    id: 'E3.3',
    title: 'The graveyard',
    statement:
      'The minion goes to its owner’s graveyard and stays there until the end of the turn, when garbage collection ' +
      'deletes it.',
    sources: [DEATH_2009],
  },
  {
    id: 'Q1',
    title: 'No spell works on the dead',
    statement: 'A spell whose target already lies in a graveyard when it executes squanders.',
    sources: [DEATH_2005, DEATH_2009],
  },
  {
    id: 'Q2',
    title: 'A death spoils the rest of the turn',
    statement:
      'Once a minion or a group has died in any way during spell execution, every spell aimed at it that executes ' +
      'later in the same turn squanders.',
    sources: [DEATH_2005, DEATH_2009],
  },
  {
    id: 'Q3',
    title: 'A replacement spoils them too',
    statement:
      'Spells aimed at a minion or group that was replaced squander, even where the replacement would have been a ' +
      'legal target: a spell never changes its target while executing. The pages name the group replacements ' +
      '(Lycanthropy and its dispelling, Devolution, Instability, Volgaris), monster group to colony (Civilize, ' +
      'Settlement), and town or colony to recruit group (Zana’s Champion).',
    sources: [DEATH_2005, DEATH_2009],
  },
  {
    id: 'Q4',
    title: 'Recruit for recruit keeps group spells',
    statement:
      'Since v2.20, a spell that swaps a recruit for another recruit (Jade Gargoyle, Odar) keeps those group spells ' +
      'that could legally be cast on the newcomer — even when the old recruit stood alone, since its group never ' +
      'dies in between.',
    sources: [DEATH_2009],
  },
  {
    id: 'Q5',
    title: 'Removed from the game',
    statement:
      'What the pages give as removals from the game: the spells Void, Shifting Sands, Ascension, the Cessao Spiral ' +
      'and Dryad’s Favors; the mountain of a Jumping Land coming down on the group; dispelling a Boardhop while a ' +
      'group is inside; a Moonwalking that fails.',
    sources: [DEATH_2005, DEATH_2009],
  },
  {
    id: 'S1',
    title: 'Five types of spell',
    statement:
      'Alterations stay active until their host goes or they are dispelled; conjurations stay for a set time or ' +
      'until some event; manifestations act at once; summonings make a monster group; heroes make a hero recruit. ' +
      'Alterations and conjurations leave play with a host that dies or is destroyed, or when dispelled; a few can ' +
      'move to another host.',
    sources: [SPELLS, BOOK],
  },
  {
    id: 'S2',
    title: 'What a spell can target',
    statement:
      'A spell targets a minion, a group, a square (terrain spells too), a structure or the globe, or the whirlpool ' +
      'when a card is discarded; a spell’s own rule may narrow that (an enemy minion, a friendly recruit group…).',
    sources: [SPELLS, BOOK],
  },
  {
    id: 'S3',
    title: 'A spell’s life',
    statement:
      'From the deck a spell comes into the hand; an order in the orders phase makes it targeted, and that order can ' +
      'still be changed or withdrawn until its player confirms. Once both have confirmed it executes, and either ' +
      'works or squanders; alterations and conjurations that work become active. It leaves play when it squanders, ' +
      'runs out, is dispelled or stops being active.',
    sources: [SPELLS],
  },
  {
    id: 'S4',
    title: 'Paying for a spell',
    statement: 'A spell is paid for from the mana pool when it is targeted.',
    sources: [BOOK],
    assumption:
      'withdrawing the order before confirming gives the mana back; a squandered spell’s mana is lost (refundOnCancel)',
  },
  {
    id: 'S5',
    title: 'One copy per target per turn',
    statement:
      'In one turn a player may aim the same spell at the same target only once, unless the spell says it is ' +
      'cumulative or may be cast more than once. A second such order is refused when it is given.',
    sources: [SPELLS],
    assumption:
      'a non-visible spell counts as cumulative here too (S9 calls it so), unless the game is set up to follow S5 ' +
      'alone (nonVisibleDuplicates)',
  },
  {
    id: 'S6',
    title: 'Both sides cast the same spell',
    statement:
      'When both players aim the same lasting spell at one target, the initiative side’s copy executes first and ' +
      'becomes active, and the other copy squanders because the first now blocks it. Instants do not block: two ' +
      'manifestations of one kind aimed at one target both take effect.',
    sources: [SPELLS],
  },
  {
    id: 'S7',
    title: 'Order of execution',
    statement:
      'A player’s spells go off in the order the player gave them; between the players, the standard initiative ' +
      'sequence (B2) decides.',
    sources: [BOOK],
    assumption:
      'all of the initiative player’s spells execute before any of the other player’s, then neutral’s: players do ' +
      'not interleave (interleaveSpellExecution)',
  },
  {
    id: 'S8',
    title: 'Active spells and their lists',
    statement:
      'Every player lists the active spells it owns; so does each host (minion, group, structure, square, the ' +
      'globe) for the spells on it, oldest first. An active spell always has an owner (who cast it) and a host.',
    sources: [SPELLS],
  },
  {
    id: 'S9',
    title: 'Visible and non-visible spells',
    statement:
      'A visible active spell appears in the list of what it sits on, may be dispelled, and one host carries at most ' +
      'one copy of it unless it is cumulative. A non-visible one appears nowhere, no dispel touches it, any number ' +
      'of copies may stack, and it ends only with its host or when its time runs out. Enchantments are the visible ' +
      'active spells.',
    sources: [SPELLS, BOOK],
  },
  {
    id: 'S10',
    title: 'Checked again at execution',
    statement:
      'What a spell requires is checked when it is targeted and again at the moment it executes; if anything no ' +
      'longer holds, it squanders. Usually because of an earlier spell of the same turn: the target died, was ' +
      'destroyed, replaced or left the board, or a group came onto the square a square or terrain spell aimed at.',
    sources: [SPELLS],
  },
  {
    id: 'S11',
    title: 'Squandering',
    statement:
      'A squandered spell leaves play at once having done nothing, and is never active. Nor is it counted as cast: a ' +
      'once-per-game spell whose cast squandered may be tried again later.',
    sources: [SPELLS],
  },
  {
    id: 'S12',
    title: 'Discarding',
    statement: 'A player may throw away one card per turn onto the whirlpool, at no cost.',
    sources: [BOOK],
  },
  {
    id: 'T1',
    title: 'A turn',
    statement:
      'A turn starts (start-of-turn effects, conjurations running out, drawing up to a full hand, mana, the ' +
      'initiative moving on), then the orders phase (targeting, discarding, confirming), spell execution, combat ' +
      '(each attack order through the damage pipeline with its attacker), and the end of the turn, whose garbage ' +
      'collection deletes every minion in every graveyard.',
    sources: [BOOK],
    assumption:
      'the initiative alternates every turn, and each player gains its set-up income at every start of turn ' +
      '(initiativeAlternates; a player’s income)',
  },
  {
    id: 'T2',
    title: 'Orders are secret until both confirm',
    statement:
      'Nothing executes before both players have confirmed; until execution starts, neither sees the other’s orders.',
    sources: [BOOK, SPELLS, PROJECT],
    assumption:
      'a player gives and cancels at most 256 orders a turn, counted together, so that nobody can grow a game ' +
      'without end by ordering and cancelling (orderChangesPerTurn)',
  },
  {
    id: 'T3',
    title: 'Combat as single attacks',
    statement:
      'Here combat is a series of single attacks, each order naming an attacker and a victim. Attacks follow the ' +
      'combat sequence of B2 between the sides, and within a side the order they were given. An attack whose ' +
      'attacker or victim is no longer alive on the board fizzles.',
    sources: [BOOK, PROJECT],
    assumption:
      'the book’s full combat (rounds, pairing, wise targeting) is not on the pages the project has: attacker and ' +
      'victim share a square, a minion attacks once a turn, a player gives at most 64 attack orders a turn ' +
      '(combatRequiresSameSquare, attacksPerMinionPerTurn, attackOrdersPerTurn); an attack fizzles too when its ' +
      'minions no longer share a square, or one of them went inside a spell',
  },
  {
    id: 'A',
    title: 'The project’s own assumptions',
    statement:
      'Events cite "A" where what they record is one of the project’s choices rather than a rule of the book: the ' +
      'trigger order (a minion’s traits, then its own spells, then its group’s), the depth at which triggered effects ' +
      'stop, the command budget (after 1,000 events no further trigger, effect or attack takes place in a ' +
      'command, and CommandBudgetSpent says so), how groups move and are held inside spells, when a spell fails, ' +
      'and how a game ends: the pages give no way to win, so a game ends ' +
      'when a player resigns (the other side wins), when the organiser rules the result (a winner or a draw, with a ' +
      'reason), or at the end of the set-up’s turn limit, where the side whose living minions have more HP in total ' +
      'wins, then the side with more living minions, else it is a draw (GameEnded). Nothing is played after the end; ' +
      'the collection already due still runs. Once it has run, the organiser may publish the whole record of the ' +
      'finished game, once, so that anyone may re-simulate it (GameRecordPublished, its last event).',
    sources: [PROJECT],
    assumption: 'triggerSources, maxTriggerDepth, commandEventBudget, turnLimitTieBreak, adjudicationReasonLength',
  },
];

const BY_ID = new Map(RULES_REFERENCE.map((entry) => [entry.id, entry]));

/** The entry of a rule id (`d2` finds `D2`), or undefined. */
export function ruleEntry(id: string): RuleEntry | undefined {
  return BY_ID.get(id.trim().toUpperCase());
}

/** Where the reference is served, by rule id. */
export function rulePath(id: string): string {
  return `/rules/${encodeURIComponent(id)}`;
}
