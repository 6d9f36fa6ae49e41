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
}

/** The effects vocabulary (DESIGN.md): every action is a one-key object. */
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
];

/** The name and parameters of a one-key action object. */
export function actionOf(action: Action): { name: ActionName; params: ActionParams[ActionName] } {
  const name = onlyKey(action) as ActionName;
  // An action has exactly one key, its name (validate-setup checks definitions), and that key holds its parameters.
  return { name, params: (action as Record<string, ActionParams[ActionName]>)[name]! };
}

/** Trigger hooks (DESIGN.md) and the pipeline step each one belongs to. */
export const HOOKS = {
  beforeArmor: 'D1',
  hitBy: 'D1',
  afterArmor: 'D3',
  isDying: 'E1',
  whenKilled: 'E2',
  whenDies: 'E2',
  atStartOfTurn: 'T1',
} as const;
export type Hook = keyof typeof HOOKS;

/** Actions that only make sense inside the hook that gives them something to act on. */
export const HOOK_ONLY_ACTIONS: Partial<Record<ActionName, readonly Hook[]>> = {
  modifyDamage: ['beforeArmor', 'afterArmor'],
  cancelDamage: ['beforeArmor', 'afterArmor'],
  returnToLife: ['isDying'],
};

export interface Trigger {
  on: Hook;
  do: Action;
  /** A protective trigger never acts on magical damage (D0). */
  protective?: boolean;
  /** Only act on damage of this physical kind (e.g. a protection against missiles). */
  damageKind?: PhysicalKind;
  /** Whom the action hits: the host (default) or the attacker to blame, where there is one. */
  subject?: 'self' | 'attacker';
}

/** The effects vocabulary's spell definition (DESIGN.md "Effects vocabulary"). */
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
}
