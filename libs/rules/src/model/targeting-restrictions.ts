import type { GameState, Minion } from './game-state';
import type { TargetingRestriction } from './spell-definition';
import { activeSpellAt, spellAt } from './entity-accessors';

/**
 * The targeting restrictions a minion carries: its own, and those its visible active spells (on it, or on its group)
 * give their host. Only visible spells give any, so a refusal never shows a hidden spell (validate-setup checks it).
 */
export function restrictionsOf(state: GameState, minion: Minion): readonly TargetingRestriction[] {
  const hosts = [minion.spells, minion.groupId === null ? [] : (state.groups[minion.groupId]?.spells ?? [])];
  if (hosts.every((spells) => spells.length === 0)) return minion.cannotBeTargetedBy;
  const found = new Set(minion.cannotBeTargetedBy);
  for (const spells of hosts) {
    for (const id of spells) {
      const active = activeSpellAt(state, id);
      if (!active.visible) continue;
      for (const restriction of spellAt(state, active.spell).hostCannotBeTargetedBy ?? []) found.add(restriction);
    }
  }
  return [...found];
}

/** Whether a spell of this target kind breaks a minion's restrictions: an individual (minion) spell and "individual-spells". */
export function breaksRestriction(state: GameState, minion: Minion, targetKind: string): boolean {
  return targetKind === 'minion' && restrictionsOf(state, minion).includes('individual-spells');
}
