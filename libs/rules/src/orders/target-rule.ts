import type { EntityRef, GameState } from '../model/game-state';
import { describeRef, refKind } from '../model/entity-ref';
import type { Player } from '../model/players';
import { isAlive, lookup, ownerOf } from '../model/state-queries';
import type { TargetRule } from '../model/spell-definition';
import { groupAt, minionAt, structureAt } from '../model/entity-accessors';
import { breaksRestriction } from '../model/targeting-restrictions';

export interface TargetProblem {
  kind: 'not-found' | 'rule';
  rule: string;
  reason: string;
  /** The target carries a targeting restriction the spell breaks (S10: squanders as `target-untargetable`). */
  untargetable?: true;
}

/** Does the target exist on the board and is it alive? */
function presence(state: GameState, target: EntityRef): TargetProblem | null {
  const missing = (rule: string): TargetProblem => ({
    kind: 'not-found',
    rule,
    reason: `${describeRef(target)} is not on the board`,
  });
  if ('minion' in target) {
    const minion = lookup(state.minions, target.minion);
    if (minion === undefined) return missing('S2');
    if (!isAlive(minion)) return { kind: 'rule', rule: 'Q1', reason: `minion ${target.minion} is dead` };
  } else if ('group' in target) {
    if (lookup(state.groups, target.group) === undefined) return missing('S2');
  } else if ('structure' in target) {
    if (lookup(state.structures, target.structure) === undefined) return missing('S2');
  }
  return null;
}

/**
 * S2, B5: is `target` a legal target for a spell with this target rule, cast by `caster`? Checked when the spell
 * is targeted and again when it executes (S10).
 */
export function checkTargetRule(
  state: GameState,
  caster: Player,
  rule: TargetRule,
  target: EntityRef,
): TargetProblem | null {
  if (refKind(target) !== rule.kind) {
    return { kind: 'rule', rule: 'S2', reason: `the spell targets a ${rule.kind}, not ${describeRef(target)}` };
  }
  const absent = presence(state, target);
  if (absent) return absent;
  // Present from here on (just checked): the accessors below cannot miss.
  if ('structure' in target) {
    const structure = structureAt(state, target.structure);
    if (structure.kind === 'sanctum') return { kind: 'rule', rule: 'B5', reason: 'a sanctum is never a spell target' };
    if (rule.structureKind && structure.kind !== rule.structureKind) {
      return {
        kind: 'rule',
        rule: 'S2',
        reason: `the spell targets a ${rule.structureKind}, and ${target.structure} is a ${structure.kind}`,
      };
    }
  }
  if (rule.groupKind) {
    const kind =
      'minion' in target
        ? minionAt(state, target.minion).kind
        : 'group' in target
          ? groupAt(state, target.group).kind
          : null;
    if (kind !== null && kind !== rule.groupKind) {
      return {
        kind: 'rule',
        rule: 'S2',
        reason: `the spell targets a ${rule.groupKind} ${rule.kind}, and ${describeRef(target)} is a ${kind}`,
      };
    }
  }
  if (rule.side && rule.side !== 'any') {
    const owner = ownerOf(state, target);
    const friendly = owner === caster;
    if (owner !== null && friendly !== (rule.side === 'friendly')) {
      return {
        kind: 'rule',
        rule: 'S2',
        reason: `the spell targets a ${rule.side} ${rule.kind}, and ${describeRef(target)} belongs to ${owner}`,
      };
    }
  }
  if ('minion' in target && breaksRestriction(state, minionAt(state, target.minion), rule.kind)) {
    return {
      kind: 'rule',
      rule: 'S10',
      reason: `minion ${target.minion} can't be targeted by individual spells`,
      untargetable: true,
    };
  }
  return null;
}
