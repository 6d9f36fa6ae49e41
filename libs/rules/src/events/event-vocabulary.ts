import type { DeathCategory, EntityRef } from '../model/game-state';
import type { GameRules } from '../model/game-rules';
import type { House, ManaPool } from '../model/mana';
import type { Colour, Player } from '../model/players';
import type {
  Action,
  DamageType,
  MinionKind,
  MinionSpec,
  SpellDefinition,
  SpellHook,
  StructureKind,
  TargetingRestriction,
  TerrainDefinition,
  TerrainHook,
} from '../model/spell-definition';
import type { ActiveSpellSetup, GroupSetup, SquareSetup, StructureSetup } from '../setup/game-setup';
import type { SquanderReason } from '../pipelines/squander-reasons';
import type { GameEndReason, SideStanding } from '../model/game-result';

/** Where a triggered effect comes from: a minion's own trait, an active spell, or a square's terrain. */
export type TriggerSource =
  { trait: number; minionId: string } | { activeSpellId: string; spell: string } | { terrain: string; square: string };

export type DamageResult = 'bounced' | 'damaged' | 'killed';

/** A created minion as the event records it: everything needed to rebuild it. */
export interface CreatedMinion extends Required<
  Omit<MinionSpec, 'maxHp' | 'maxArmor' | 'class' | 'cannotBeTargetedBy'>
> {
  id: string;
  class: string | null;
  maxHp: number;
  maxArmor: number;
  /** Only when the minion carries targeting restrictions (so minions without any are recorded as before). */
  cannotBeTargetedBy?: TargetingRestriction[];
}

/** A minion of a group a spell replaced, as it stood then: what `restore` brings back (with new ids). */
export type ReplacedMinion = Omit<CreatedMinion, 'id'>;

/**
 * The event vocabulary (docs/design.md): event type → data. Names and fields docs/design.md lists are kept as given;
 * the others complete the pipelines so that every step the rules describe leaves a record.
 */
export interface EventDataMap {
  // Set-up and turn (T1–T3)
  GameCreated: {
    gameId: string;
    name: string;
    seed: number;
    initiative: Colour;
    /** Only when the set-up chose any (absent: the defaults, the only rules of engines before 1.7.0). */
    rules?: GameRules;
    spells: Record<string, SpellDefinition>;
    /** Only when the game's squares use any (the set-up's and the catalog's, copied in). */
    terrains?: Record<string, TerrainDefinition>;
    players: Record<Colour, { house: House; mana: ManaPool; income: ManaPool; hand: string[]; deck: string[] }>;
    board: {
      groups: GroupSetup[];
      structures: StructureSetup[];
      squares: SquareSetup[];
      activeSpells: (ActiveSpellSetup & { visible: boolean; expiresAtTurn: number | null })[];
    };
    /** [A] The set-up's last turn (recorded only when it gives one; games before it had none). */
    turnLimit?: number;
  };
  /** `initiative`: who holds initiative in this turn; the state passes it over at InitiativeUpdated (T1). */
  TurnStarted: { turn: number; initiative: Colour };
  InitiativeUpdated: { turn: number; initiative: Colour; previous: Colour };
  StartOfTurnEffectTriggered: { by: TriggerSource; subject: EntityRef; action: Action };
  SpellExpired: { activeSpellId: string; spell: string; host: EntityRef };
  CardsDrawn: { player: Colour; cards: string[]; handSize: number };
  ManaGenerated: { player: Colour; mana: ManaPool; pool: ManaPool };
  OrdersPhaseStarted: { turn: number };
  SpellTargeted: { orderId: string; player: Colour; spell: string; target: EntityRef; cost: ManaPool };
  SpellUntargeted: { orderId: string; player: Colour; spell: string; refund: ManaPool };
  CardDiscarded: { orderId: string; player: Colour; spell: string };
  DiscardCancelled: { orderId: string; player: Colour; spell: string };
  AttackOrdered: { orderId: string; player: Colour; attackerId: string; victimId: string; attack: number };
  AttackCancelled: { orderId: string; player: Colour };
  OrdersConfirmed: { player: Colour };
  SpellExecutionPhaseStarted: { orderIds: string[] };
  CombatPhaseStarted: { orderIds: string[] };
  /** D6: a combat round after the first (the first is the phase's start); `rounds` is the game's number [A]. */
  CombatRoundStarted: { round: number; rounds: number };
  ArmorRestored: { minionId: string; armorBefore: number; armorAfter: number };
  AttackExecuting: { orderId: string; player: Colour; attackerId: string; victimId: string };
  /**
   * `reasonEventId`: the event that made the reason true (the attacker's or victim's death, CommandBudgetSpent), a
   * second link beside `causationId`, which stays the attack's execution.
   */
  AttackFizzled: {
    orderId: string;
    reason: 'attacker-gone' | 'victim-gone' | 'not-same-square' | 'budget-spent';
    reasonEventId: string | null;
  };
  TurnEnded: { turn: number };
  GarbageCollectionScheduled: { turn: number };
  GarbageCollected: { turn: number; minionIds: string[] };

  // Damage (D0–D6)
  DamageIncoming: { minionId: string; amount: number; damage: DamageType; attackerId: string | null };
  BeforeArmorEffectApplied: {
    minionId: string;
    by: TriggerSource;
    action: Action;
    damageBefore: number;
    damageAfter: number;
  };
  ProtectionBypassed: { minionId: string; by: TriggerSource };
  MinionHit: { minionId: string; attackerId: string };
  HitEffectTriggered: { minionId: string; attackerId: string; by: TriggerSource; action: Action };
  /** D1: an "is hit in combat" effect of the minion a combat blow hits. */
  HitInCombatEffectTriggered: { minionId: string; attackerId: string; by: TriggerSource; action: Action };
  /** K1 [A: once its blow landed]: the attacker's "hits" effect ("hits give …", a weapon spell's extra damage). */
  HitsEffectTriggered: { attackerId: string; victimId: string; by: TriggerSource; action: Action };
  ArmorSoaked: {
    minionId: string;
    soaked: number;
    armorBefore: number;
    armorAfter: number;
    damageBefore: number;
    damageAfter: number;
  };
  DamageCapped: { minionId: string; from: number; to: number };
  AfterArmorEffectApplied: {
    minionId: string;
    by: TriggerSource;
    action: Action;
    damageBefore: number;
    damageAfter: number;
  };
  DamageBounced: { minionId: string; step: 'D2' | 'D3' };
  DamageApplied: { minionId: string; amount: number; hpBefore: number; hpAfter: number };
  DamageResolved: { minionId: string; result: DamageResult };

  // Death (K1, E0–E3)
  DeathStarted: { minionId: string; category: DeathCategory; attackerId: string | null; startStep: 'E1' | 'E2' };
  MinionDying: { minionId: string };
  DyingEffectTriggered: { minionId: string; by: TriggerSource; action: Action };
  /** K1 [A: E1]: an "if killed" effect of a minion dying from a `kills` death. */
  IfKilledEffectTriggered: { minionId: string; attackerId: string; by: TriggerSource; action: Action };
  DyingCancelled: { minionId: string; by: TriggerSource; hp: number };
  DyingCancelIgnored: { minionId: string; by: TriggerSource };
  DeathAverted: { minionId: string; hp: number };
  MinionDied: { minionId: string; category: DeathCategory; attackerId: string | null };
  KilledEffectTriggered: { minionId: string; attackerId: string; by: TriggerSource; action: Action };
  DiesEffectTriggered: { minionId: string; by: TriggerSource; action: Action };
  SpellDispelled: {
    activeSpellId: string;
    spell: string;
    host: EntityRef;
    reason: 'host-died' | 'dispelled' | 'host-no-longer-legal';
  };
  MinionRemovedFromGroup: { minionId: string; groupId: string };
  MinionBuried: { minionId: string; player: Player };
  GroupDied: { groupId: string; category: DeathCategory };
  StructureDestroyed: { structureId: string; category: DeathCategory };

  // Spells (S1–S12, Q1–Q5)
  SpellExecuting: { orderId: string; player: Colour; spell: string; target: EntityRef };
  /**
   * `reasonEventId`: the event that made the reason true (the target's death or replacement, the group that came onto
   * the square, the copy's activation…), a second link beside `causationId`, which stays the spell's execution.
   * Null only where no event of the game made it so.
   */
  SpellSquandered: { orderId: string; reason: SquanderReason; reasonEventId: string | null };
  SpellResolved: { orderId: string };
  SpellActivated: {
    orderId: string;
    activeSpellId: string;
    spell: string;
    owner: Player;
    host: EntityRef;
    visible: boolean;
    expiresAtTurn: number | null;
  };
  MinionHealed: { minionId: string; amount: number; hpBefore: number; hpAfter: number };
  StatsModified: {
    minionId: string;
    activeSpellId: string | null;
    armor: number;
    maxHp: number;
    damage: number;
    maxArmorAfter: number;
    armorAfter: number;
    maxHpAfter: number;
    hpAfter: number;
  };
  ManaGained: { player: Colour; mana: ManaPool; pool: ManaPool };
  MinionCreated: { groupId: string; minion: CreatedMinion; owner: Player };
  GroupCreated: { groupId: string; owner: Player; square: string; kind: MinionKind };
  StructureCreated: { structureId: string; kind: StructureKind; owner: Player; square: string };
  GroupReplaced: { groupId: string; replacementId: string };
  MinionReplaced: { minionId: string; replacementId: string };
  StructureReplaced: { structureId: string; replacementId: string };
  /** S1: a spell that replaced its own host moves to the replacement, remembering the group it replaced. */
  SpellTransferred: {
    activeSpellId: string;
    spell: string;
    from: EntityRef;
    to: EntityRef;
    replaced: ReplacedMinion[];
  };
  /** A spell's own hook fires: S9 "when dispelled", S1 "when it expires", [A] "when it fails". */
  SpellHookTriggered: { hook: SpellHook; by: TriggerSource; subject: EntityRef; action: Action };

  // Terrain and movement (B5 [A])
  /** [A] A square's terrain acts on a group standing on it (K1: a death it causes "dies"). */
  TerrainEffectTriggered: { square: string; terrain: string; groupId: string; on: TerrainHook; action: Action };
  GroupMoved: { groupId: string; from: string; to: string };
  /** [A] A move that did not happen: the square holds another group of the owner, or the group is inside a spell. */
  GroupMoveBlocked: {
    groupId: string;
    from: string;
    to: string;
    reason: 'occupied' | 'inside-spell';
    blockedBy: string | null;
  };
  /** [A] An active spell takes its host group inside itself, off the board (it keeps `square`, the one it left). */
  GroupTakenInside: { groupId: string; activeSpellId: string; square: string };
  /** [A] The spell it was inside left play: the group comes back onto the square it left. */
  GroupReleased: { groupId: string; activeSpellId: string; square: string };
  /** [A] Coming back, the group finds the square occupied (`blockedBy`): the spell fails (its whenFails hook). */
  GroupReleaseFailed: { groupId: string; activeSpellId: string; square: string; blockedBy: string };

  TriggerDepthExceeded: { by: TriggerSource; depth: number };
  /** [A] The command has recorded its budget of events: no further trigger, effect or attack takes place in it. */
  CommandBudgetSpent: { budget: number };

  // The end of a game [A] (the pages give no way to win: model/game-result.ts)
  /** A player gives the game up (the input event of Resign). */
  PlayerResigned: { player: Colour };
  /** The organiser rules the result (the input event of AdjudicateResult); `reason` is the organiser's own words. */
  ResultAdjudicated: { winner: Colour | null; reason: string };
  /**
   * The game is over: `winner` null is a draw. `ruling`: the organiser's words for an adjudication (else null);
   * `standings`: what the tie-break compared at a turn limit (else null).
   */
  GameEnded: {
    winner: Colour | null;
    reason: GameEndReason;
    turn: number;
    ruling: string | null;
    standings: Record<Colour, SideStanding> | null;
  };
  /**
   * [A] The organiser made the whole record of a finished game public (every event, the set-up with hands and decks,
   * the chain secret): from here on anyone may read it and re-simulate it. It is the game's last event.
   */
  GameRecordPublished: Record<string, never>;
}

export type EventType = keyof EventDataMap;
