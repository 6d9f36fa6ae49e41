import type { GameResult } from './game-result';
import type { ManaPool, House } from './mana';
import type { Colour, Player } from './players';
import type { GameRules } from './game-rules';
import type {
  AttackSpec,
  MinionKind,
  MinionSpec,
  SpellDefinition,
  StructureKind,
  TargetingRestriction,
  TerrainDefinition,
  Trigger,
} from './spell-definition';

export type Phase = 'setup' | 'start' | 'orders' | 'spellExecution' | 'combat' | 'endOfTurn' | 'garbageCollection';

export type MinionStatus = 'alive' | 'dying' | 'dead';

/** K1: the four death categories. */
export type DeathCategory = 'kills' | 'dies' | 'removed' | 'replaced';

/** B3. */
export interface Minion {
  id: string;
  kind: MinionKind;
  class: string | null;
  owner: Player;
  groupId: string | null;
  maxHp: number;
  hp: number;
  maxArmor: number;
  armor: number;
  /** Added to every attack's damage (modifyStats.damage). */
  damageBonus: number;
  attacks: AttackSpec[];
  status: MinionStatus;
  traits: Trigger[];
  /** Targeting restrictions of its own ("can't be targeted by individual spells"); active spells may add more. */
  cannotBeTargetedBy: readonly TargetingRestriction[];
  /** S8: active individual spells on this minion, oldest first. */
  spells: string[];
}

/** B4. */
export interface Group {
  id: string;
  owner: Player;
  /** The square it stands on; while it is inside a spell, the square it left. */
  square: string;
  /** [A] The active spell it is inside (off the board), or null when it stands on its square. */
  heldBy: string | null;
  kind: MinionKind;
  minionIds: string[];
  /** S8: active group spells, oldest first. */
  spells: string[];
}

/** B5. */
export interface Structure {
  id: string;
  kind: StructureKind;
  owner: Player;
  square: string;
  spells: string[];
}

/** B5: squares carry terrain and square spells. Only squares something refers to are kept. */
export interface Square {
  id: string;
  terrain: string | null;
  spells: string[];
}

/** A spell's host or target names exactly one entity. */
export type EntityRef =
  { minion: string } | { group: string } | { structure: string } | { square: string } | { globe: true };

/** S8: an active spell (alteration or conjuration that executed, or one placed at set-up). */
export interface ActiveSpell {
  id: string;
  spell: string;
  owner: Player;
  host: EntityRef;
  visible: boolean;
  /** Conjurations: the turn at whose start it expires (S1). */
  expiresAtTurn: number | null;
  /** modifyStats effects applied while it is active, undone when it leaves play. */
  statChanges: { minionId: string; armor: number; maxHp: number; damage: number }[];
  /** The group it replaced when it took over its host by replacing it (S1 transfer), for `restore`; else null. */
  replaced: MinionSpec[] | null;
}

export interface SpellOrder {
  id: string;
  kind: 'cast';
  player: Colour;
  spell: string;
  target: EntityRef;
  cost: ManaPool;
  /** Set during execution: how the order ended. */
  outcome: 'pending' | 'resolved' | 'activated' | 'squandered';
}

export interface AttackOrder {
  id: string;
  kind: 'attack';
  player: Colour;
  attackerId: string;
  victimId: string;
  attack: number;
  outcome: 'pending' | 'executed' | 'fizzled';
}

export interface DiscardOrder {
  id: string;
  kind: 'discard';
  player: Colour;
  spell: string;
}

export type Order = SpellOrder | AttackOrder | DiscardOrder;

export interface PlayerState {
  id: Player;
  house: House | null;
  mana: ManaPool;
  /** Mana generated at every start of turn [A: the pages do not give an income rule]. */
  income: ManaPool;
  hand: string[];
  deck: string[];
  /** B7/E3.3: minions buried this turn, deleted at garbage collection. */
  graveyard: string[];
  /** S8: every active spell this player owns, oldest first. */
  activeSpells: string[];
  /** S11: once-per-game spells this player has cast successfully. */
  castOnce: string[];
  /** S12. */
  discardedThisTurn: boolean;
  /** T2 [A]: orders given and cancelled this turn, bounded by RULES_OPTIONS.orderChangesPerTurn. */
  ordersChangedThisTurn: number;
  /** T2. */
  confirmed: boolean;
}

/** A death suffered this turn (Q2, Q3): spells targeted on the entity later this turn squander. */
export interface Casualty {
  category: DeathCategory;
  phase: Phase;
  replacementId: string | null;
  /**
   * The event that made it a casualty: the death (MinionDied, GroupDied, StructureDestroyed), or the replacement
   * that followed it (Q3). A spell or attack it spoils names this event as its reason.
   */
  eventId: string;
}

export interface GameState {
  gameId: string | null;
  name: string;
  /** Number of events folded so far, i.e. the revision the next event will get. */
  version: number;
  seed: number;
  turn: number;
  phase: Phase;
  initiative: Colour;
  /** The per-game choices among the assumptions (D6 rounds, S5/S9, D3), as its set-up gave them or by default. */
  rules: GameRules;
  spells: Record<string, SpellDefinition>;
  /** B5: the terrain definitions the game's squares use, by name. */
  terrains: Record<string, TerrainDefinition>;
  players: Record<Player, PlayerState>;
  minions: Record<string, Minion>;
  /** The ids of `minions` in the order they came into play: board-wide steps walk this list (docs/performance.md). */
  minionIds: string[];
  /** The ids of `minionIds` whose traits act at the start of a turn (T1), in the same order: no board scan a turn. */
  startOfTurnMinionIds: string[];
  groups: Record<string, Group>;
  structures: Record<string, Structure>;
  squares: Record<string, Square>;
  globe: { spells: string[] };
  activeSpells: Record<string, ActiveSpell>;
  /** This turn's orders by id, and their ids in the order they were given. */
  orders: Record<string, Order>;
  orderIds: string[];
  /** Entities that suffered a death this turn, by id (Q2, Q3). */
  casualties: Record<string, Casualty>;
  /** Counters that make created ids deterministic. */
  counters: { entity: number };
  /** The turn whose garbage collection is scheduled and not yet carried out. */
  pendingCollection: number | null;
  /** [A] The set-up's last turn: at its end the game ends by the tie-break (null: no limit). */
  turnLimit: number | null;
  /** [A] How the game ended (GameEnded), or null while it goes on. */
  result: GameResult | null;
  /**
   * [A] Set once the organiser made the game's whole record public (GameRecordPublished); absent before, so the state
   * of every game that was never published is what it was before publication existed (snapshots included).
   */
  recordPublished?: true;
}
