import type { TriggerSource } from '../events/event-vocabulary';
import type { GameState, Minion } from '../model/game-state';
import type { Player } from '../model/players';
import type { DamageType, Hook, SpellDefinition, Trigger } from '../model/spell-definition';
import { RULES_OPTIONS } from '../rules-options';
import { activeSpellAt, spellAt } from '../model/entity-accessors';
import { groupOf } from '../model/state-queries';

export interface FiringTrigger {
  trigger: Trigger;
  by: TriggerSource;
  /** Who the effect belongs to: the minion's owner for a trait, the caster for a spell. */
  owner: Player;
  activeSpellId: string | null;
}

const NONE: readonly FiringTrigger[] = Object.freeze([]);
const NO_TRIGGERS: readonly Trigger[] = Object.freeze([]);

/** A spell definition's triggers by hook, sorted once per definition (definitions never change once a game has them). */
const BY_HOOK = new WeakMap<SpellDefinition, Map<Hook, readonly Trigger[]>>();

/** The triggers of a spell definition on one hook, in the order the definition gives them. */
export function triggersOn(spell: SpellDefinition, hook: Hook): readonly Trigger[] {
  let byHook = BY_HOOK.get(spell);
  if (byHook === undefined) {
    byHook = new Map();
    for (const trigger of spell.triggers) byHook.set(trigger.on, [...(byHook.get(trigger.on) ?? []), trigger]);
    BY_HOOK.set(spell, byHook);
  }
  return byHook.get(hook) ?? NO_TRIGGERS;
}

/** Adds the triggers on `hook` of these active spells to `firing` (made on the first one: most hooks find none). */
function spellTriggers(
  state: GameState,
  activeSpellIds: string[],
  hook: Hook,
  firing: FiringTrigger[] | null,
): FiringTrigger[] | null {
  for (const id of activeSpellIds) {
    const active = activeSpellAt(state, id);
    for (const trigger of triggersOn(spellAt(state, active.spell), hook)) {
      (firing ??= []).push({
        trigger,
        by: { activeSpellId: id, spell: active.spell },
        owner: active.owner,
        activeSpellId: id,
      });
    }
  }
  return firing;
}

function hasGroupSpells(state: GameState, minion: Minion): boolean {
  return minion.groupId !== null && (state.groups[minion.groupId]?.spells.length ?? 0) > 0;
}

/** Whether any trait or spell could fire for this minion: most minions carry none. */
export function carriesEffects(state: GameState, minion: Minion): boolean {
  return minion.traits.length > 0 || minion.spells.length > 0 || hasGroupSpells(state, minion);
}

/**
 * The effects that are checked for a minion at a hook, in the order RULES_OPTIONS.triggerSources gives [A]:
 * its traits, its individual spells (casting order, S8), then its group's spells (casting order).
 */
export function triggersFor(state: GameState, minion: Minion, hook: Hook): readonly FiringTrigger[] {
  // Most minions carry no effect at all: answer them without building anything (this runs several times per blow).
  if (!carriesEffects(state, minion)) return NONE;
  let firing: FiringTrigger[] | null = null;
  for (const source of RULES_OPTIONS.triggerSources) {
    if (source === 'traits') {
      minion.traits.forEach((trigger, index) => {
        if (trigger.on === hook) {
          (firing ??= []).push({
            trigger,
            by: { trait: index, minionId: minion.id },
            owner: minion.owner,
            activeSpellId: null,
          });
        }
      });
    } else if (source === 'minionSpells') {
      firing = spellTriggers(state, minion.spells, hook, firing);
    } else {
      const group = groupOf(state, minion);
      if (group !== undefined) firing = spellTriggers(state, group.spells, hook, firing);
    }
  }
  return firing ?? NONE;
}

/** Does a damage-hook trigger apply to this damage at all (its damage-kind filter)? */
export function matchesDamage(trigger: Trigger, damage: DamageType): boolean {
  return trigger.damageKind === undefined || trigger.damageKind === damage.kind;
}

/** D0: magical damage is not blocked by any immunity or protective spell. */
export function bypassedByMagic(trigger: Trigger, damage: DamageType): boolean {
  return trigger.protective === true && damage.magical;
}
