import type { EntityRef } from '../model/game-state';
import type { MinionSpec } from '../model/spell-definition';
import type { Player } from '../model/players';

/** What an action acts on and on whose behalf. */
export interface ActionTarget {
  subject: EntityRef;
  /** The spell's caster, or the owner of the trait or active spell that triggered the action. */
  caster: Player;
  /** The minion to blame for damage this action deals (K1: `kills` rather than `dies`). */
  attackerId: string | null;
  cause: string;
  depth: number;
  /** The active spell whose effect this is, so what it changes can be undone when it leaves play. */
  activeSpellId: string | null;
  /** rule id (docs/rules.md) the action's events cite. */
  rule: string;
  /** For a spell's own hook: the group that spell replaced when it took its host over, which `restore` brings back. */
  replacedGroup?: MinionSpec[] | null;
}

/** The living minions an action on this subject reaches: the minion itself, or every minion of the group. */
export function minionIdsOf(subject: EntityRef, groupMinions: (groupId: string) => string[] | undefined): string[] {
  if ('minion' in subject) return [subject.minion];
  if ('group' in subject) return [...(groupMinions(subject.group) ?? [])];
  return [];
}
