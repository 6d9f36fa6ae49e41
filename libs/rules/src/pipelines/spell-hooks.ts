import type { EngineContext } from '../engine/engine-context';
import type { ActiveSpell, EntityRef } from '../model/game-state';
import type { SpellHook } from '../model/spell-definition';
import { spellAt } from '../model/entity-accessors';
import { groupsOnSquare } from '../model/state-queries';
// Part of the rules' own recursion: a spell's hook acts, and its action may dispel, move or kill.
import { runAction, subjectOf } from '../actions/run-action';
import { ASSUMPTION, RULES_OPTIONS } from '../rules-options';
import { triggersOn } from './triggers';

/**
 * What a spell's own hooks need of it: its active record, which stays as it was when it leaves play (the state
 * only drops it from its lists), so a hook that fires after it left still knows its host, owner and what it replaced.
 */
export type SpellInPlay = Pick<ActiveSpell, 'id' | 'spell' | 'owner' | 'host' | 'replaced'>;

/** The rule each hook's events cite: dispelling (S9), expiry (S1), and failing, the project's own [A]. */
const HOOK_RULES: Record<SpellHook, string> = { whenDispelled: 'S9', whenExpires: 'S1', whenFails: ASSUMPTION };

/** A spell's hook acts on its host; on a square host, on every group standing there. */
function hostSubjects(ctx: EngineContext, host: EntityRef): EntityRef[] {
  if ('square' in host) return groupsOnSquare(ctx.state, host.square).map((group) => ({ group: group.id }));
  return [host];
}

/**
 * A spell's own hook fires (SpellHookTriggered, then its action): `whenDispelled` as a dispel takes it out of play
 * (S9: "dispelling Karkara", "Boardhop … dispelled with a group still inside"), `whenExpires` as a conjuration ends
 * (S1: Jumping Land's mountain lands), `whenFails` when what it set out to do cannot be done [A] (a group it moves
 * or holds cannot come onto its square: "Moonwalking fails"). Its actions act on `subjects` (by default its host),
 * with nobody to blame; effects nested deeper than RULES_OPTIONS.maxTriggerDepth stop [A].
 */
export function fireSpellHooks(
  ctx: EngineContext,
  spell: SpellInPlay,
  hook: SpellHook,
  cause: string,
  depth: number,
  subjects: EntityRef[] | null = null,
): void {
  const triggers = triggersOn(spellAt(ctx.state, spell.spell), hook);
  if (triggers.length === 0) return;
  const by = { activeSpellId: spell.id, spell: spell.spell };
  for (const trigger of triggers) {
    for (const subject of subjects ?? hostSubjects(ctx, spell.host)) {
      if (ctx.budgetSpent(cause)) return;
      if (depth + 1 > RULES_OPTIONS.maxTriggerDepth) {
        ctx.emit('TriggerDepthExceeded', { by, depth: depth + 1 }, { rule: ASSUMPTION, cause });
        return;
      }
      const triggered = ctx.emit(
        'SpellHookTriggered',
        { hook, by, subject, action: trigger.do },
        { rule: HOOK_RULES[hook], cause, copies: trigger.do },
      );
      runAction(ctx, trigger.do, {
        subject: 'minion' in subject ? subjectOf(ctx, trigger.do, subject.minion) : subject,
        caster: spell.owner,
        attackerId: null,
        cause: triggered,
        depth: depth + 1,
        // The spell is out of play (or failing): what its hook changes is not undone with it.
        activeSpellId: null,
        rule: HOOK_RULES[hook],
        replacedGroup: spell.replaced,
      });
    }
  }
}
