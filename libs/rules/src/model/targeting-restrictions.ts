import type { GameState, Minion } from './game-state';
import type { TargetingRestriction } from './spell-definition';
import { activeSpellAt, spellAt } from './entity-accessors';

/**
 * Whether a minion carries a targeting restriction: of its own, or given by a visible active spell on it or on its
 * group (`hostCannotBeTargetedBy`). Only visible spells give any, so a refusal never shows a hidden spell
 * (validate-setup checks it). Checked at every targeting and execution of a minion spell: it allocates nothing.
 */
export function carriesRestriction(state: GameState, minion: Minion, restriction: TargetingRestriction): boolean {
  if (minion.cannotBeTargetedBy.includes(restriction)) return true;
  if (spellsGive(state, minion.spells, restriction)) return true;
  const group = minion.groupId === null ? undefined : state.groups[minion.groupId];
  return group !== undefined && spellsGive(state, group.spells, restriction);
}

function spellsGive(state: GameState, activeSpellIds: readonly string[], restriction: TargetingRestriction): boolean {
  for (const id of activeSpellIds) {
    const active = activeSpellAt(state, id);
    if (active.visible && spellAt(state, active.spell).hostCannotBeTargetedBy?.includes(restriction)) return true;
  }
  return false;
}

/** Whether a spell of this target kind breaks a minion's restrictions: an individual (minion) spell and "individual-spells". */
export function breaksRestriction(state: GameState, minion: Minion, targetKind: string): boolean {
  return targetKind === 'minion' && carriesRestriction(state, minion, 'individual-spells');
}
