import type { House, ManaType, SpellCost } from './mana';
import type { Colour } from './players';
import { onlyKey } from './one-key';

/** S1: the five spell types. Instants leave play at once; alterations and conjurations become active. */
export const SPELL_TYPES = ['alteration', 'conjuration', 'manifestation', 'summoning', 'hero'] as const;
export type SpellType = (typeof SPELL_TYPES)[number];
export const INSTANT_TYPES: readonly SpellType[] = ['manifestation', 'summoning', 'hero'];

export function isInstant(type: SpellType): boolean {
  return INSTANT_TYPES.includes(type);
}

/** S9: non-visible spells are cumulative whatever their definition says; visible ones when they say so. */
export function isCumulative(spell: { visible: boolean; cumulative: boolean }): boolean {
  return spell.cumulative || !spell.visible;
}

/** S2: what a spell can be cast on (the whirlpool is for discarding only, S12). */
export const TARGET_KINDS = ['minion', 'group', 'square', 'structure', 'globe'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export type MinionKind = 'recruit' | 'monster';
export type StructureKind = 'sanctum' | 'town' | 'colony';

/** S2: a spell's target rule, narrowing the target kind. */
export interface TargetRule {
  kind: TargetKind;
  /** Relative to the caster: friendly = the caster owns it; enemy = anyone else (neutral included). */
  side?: 'friendly' | 'enemy' | 'any';
  /** For group targets the group's kind; for minion targets the minion's kind. */
  groupKind?: MinionKind;
  /** For structure targets. A sanctum is never a target (B5). */
  structureKind?: Exclude<StructureKind, 'sanctum'>;
}

export type PhysicalKind = 'hand' | 'missile';

/** D0: a damage type. `magical` implies `ignoresArmor`. */
export interface DamageType {
  kind: PhysicalKind | null;
  magical: boolean;
  ignoresArmor: boolean;
}

/** B3: one of a minion's attacks. */
export interface AttackSpec {
  kind: PhysicalKind;
  damage: number;
  magical?: boolean;
  ignoresArmor?: boolean;
}

/**
 * What a minion (or, through `hostCannotBeTargetedBy`, an active spell on it) may refuse to be targeted by:
 * `individual-spells`, the minion spells of S2 ("can't be targeted by individual spells", the Jade Gargoyle's text
 * as the death pages quote it). Orders breaking it are refused when given, and a spell targeted before it held
 * squanders at execution (S10).
 */
export const TARGETING_RESTRICTIONS = ['individual-spells'] as const;
export type TargetingRestriction = (typeof TARGETING_RESTRICTIONS)[number];

/** A minion as written in a set-up or created by an action (without id when created). */
export interface MinionSpec {
  id?: string;
  kind: MinionKind;
  class?: string | null;
  hp: number;
  maxHp?: number;
  armor: number;
  maxArmor?: number;
  attacks: AttackSpec[];
  traits?: Trigger[];
  /** Targeting restrictions the minion carries (none when absent). */
  cannotBeTargetedBy?: TargetingRestriction[];
}

/** The effects vocabulary (docs/design.md): every action is a one-key object. */
export interface ActionParams {
  damage: { amount: number; kind?: PhysicalKind; magical?: boolean; ignoresArmor?: boolean };
  destroy: { category: 'dies' | 'removed' };
  replaceGroup: { with: { minions: MinionSpec[] } | { structure: { kind: 'town' | 'colony' } } };
  replaceMinion: { with: MinionSpec };
  replaceStructure: { with: { minions: MinionSpec[] } | { structure: { kind: 'town' | 'colony' } } };
  heal: { amount?: number; full?: boolean };
  modifyStats: { armor?: number; maxHp?: number; damage?: number };
  dispel: { which: string };
  gainMana: { player: Colour | 'caster' | 'opponent'; mana: Partial<Record<ManaType, number>> };
  returnToLife: { hp?: number; full?: boolean };
  modifyDamage: { by: number };
  cancelDamage: Record<string, never>;
  summon: { minions: MinionSpec[] };
  /** [A] The group (a minion's: its group) goes to the square `to`, if the square's occupancy allows (movement.actions.ts). */
  move: { to: string };
  /** [A] An active spell takes its host group inside itself: off the board until the spell leaves play. */
  takeInside: Record<string, never>;
  /**
   * Replaces the host group by the group its spell replaced when it took that group over ("dispelling Karkara /
   * Lycanthropy", Q3): only in a spell's whenDispelled or whenExpires trigger.
   */
  restore: Record<string, never>;
}
export type ActionName = keyof ActionParams;
export type Action = { [K in ActionName]: { [P in K]: ActionParams[K] } }[ActionName];

export const ACTION_NAMES: readonly ActionName[] = [
  'damage',
  'destroy',
  'replaceGroup',
  'replaceMinion',
  'replaceStructure',
  'heal',
  'modifyStats',
  'dispel',
  'gainMana',
  'returnToLife',
  'modifyDamage',
  'cancelDamage',
  'summon',
  'move',
  'takeInside',
  'restore',
];

/** The name and parameters of a one-key action object. */
export function actionOf(action: Action): { name: ActionName; params: ActionParams[ActionName] } {
  const name = onlyKey(action) as ActionName;
  // An action has exactly one key, its name (validate-setup checks definitions), and that key holds its parameters.
  return { name, params: (action as Record<string, ActionParams[ActionName]>)[name]! };
}

/**
 * Trigger hooks (docs/design.md) and where each one fires. The pages' phrases that look alike are distinct hooks:
 * "is hit by" (`hitBy`: any damage with an attacker to blame) and "is hit in combat" (`hitInCombat`: a combat blow
 * only), both D1; "if killed" (`ifKilled`: E1, a `kills` death only, while the minion is dying, so it may still
 * return it to life [A]) and "when … is killed" (`whenKilled`: E2, once it is dead). `hits` is the attacker's side
 * of a combat blow ("hits give …", weapon spells' extra damage, K1 `kills`) [A: once the blow has landed, T3].
 * The last three are a spell's own, fired as it leaves play or fails (spell-hooks.ts).
 */
export const HOOKS = {
  beforeArmor: 'D1',
  hitBy: 'D1',
  hitInCombat: 'D1',
  hits: 'T3',
  afterArmor: 'D3',
  isDying: 'E1',
  ifKilled: 'E1',
  whenKilled: 'E2',
  whenDies: 'E2',
  atStartOfTurn: 'T1',
  whenDispelled: 'S9',
  whenExpires: 'S1',
  whenFails: 'A',
} as const;
export type Hook = keyof typeof HOOKS;

/** The hooks of an active spell itself rather than of its host: never a minion's trait. */
export const SPELL_HOOKS = ['whenDispelled', 'whenExpires', 'whenFails'] as const;
export type SpellHook = (typeof SPELL_HOOKS)[number];

export function isSpellHook(hook: Hook): hook is SpellHook {
  return (SPELL_HOOKS as readonly Hook[]).includes(hook);
}

/** Actions that only make sense inside the hook that gives them something to act on. */
export const HOOK_ONLY_ACTIONS: Partial<Record<ActionName, readonly Hook[]>> = {
  modifyDamage: ['beforeArmor', 'afterArmor'],
  cancelDamage: ['beforeArmor', 'afterArmor'],
  returnToLife: ['isDying', 'ifKilled'],
  restore: ['whenDispelled', 'whenExpires'],
};

export interface Trigger {
  on: Hook;
  do: Action;
  /** A protective trigger never acts on magical damage (D0). */
  protective?: boolean;
  /** Only act on damage of this physical kind (e.g. a protection against missiles). */
  damageKind?: PhysicalKind;
  /**
   * Whom the action hits: the host (default) or the attacker to blame, where there is one. A `hits` trigger acts on
   * the minion its host hit, and takes no subject.
   */
  subject?: 'self' | 'attacker';
}

/** [A] When a terrain acts on a group standing on it: as the group enters the square, or after each start of turn. */
export const TERRAIN_HOOKS = ['groupEnters', 'afterStartOfTurn'] as const;
export type TerrainHook = (typeof TERRAIN_HOOKS)[number];

export interface TerrainTrigger {
  on: TerrainHook;
  /** Acts on the group; nobody is to blame, so a death it causes is `dies` (K1: "terrain", "drowning in water"). */
  do: Action;
}

/** B5: what a square's terrain does (a square names its terrain; one nothing defines is a plain label). */
export interface TerrainDefinition {
  key: string;
  name: string;
  triggers: TerrainTrigger[];
}

/** The effects vocabulary's spell definition (docs/design.md). */
export interface SpellDefinition {
  key: string;
  name: string;
  house: House;
  type: SpellType;
  target: TargetRule;
  cost: SpellCost;
  visible: boolean;
  cumulative: boolean;
  oncePerGame: boolean;
  /** Conjurations: turns until it expires at a start of turn (S1). */
  duration?: number;
  effects: Action[];
  triggers: Trigger[];
  /** While active and visible, its host minion (or every minion of its host group) carries these restrictions. */
  hostCannotBeTargetedBy?: TargetingRestriction[];
  /**
   * S1 "some spells can transfer to new hosts": an alteration or conjuration whose effect replaces its own host
   * group moves to the replacement instead of leaving play with the old group, and remembers the group it replaced
   * (for `restore`). Without it, such a spell leaves play with its host (host-died), as before 1.7.0.
   */
  movesToReplacement?: boolean;
}
