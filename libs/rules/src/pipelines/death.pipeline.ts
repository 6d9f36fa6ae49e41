import type { EngineContext } from '../engine/engine-context';
import type { DeathCategory, Minion } from '../model/game-state';
import { actionOf } from '../model/spell-definition';
import { runTriggeredAction } from '../actions/run-action';
import { leavePlay } from './leave-play';
import { triggersFor } from './triggers';
import { groupAt, minionAt } from '../model/entity-accessors';

export interface DeathRun {
  minionId: string;
  category: DeathCategory;
  attackerId: string | null;
  cause: string;
  depth: number;
}

export type DeathOutcome = 'died' | 'averted';

/**
 * The "Minion Death" pipeline, E0–E3. Returns null when there was no living minion to die.
 *
 *   E0 dispatch (kills/dies → E1, removed/replaced → E2) → E1 is dying → E2 death → E3 burial
 */
export function runDeath(ctx: EngineContext, run: DeathRun): DeathOutcome | null {
  const minion = ctx.state.minions[run.minionId];
  if (minion === undefined || minion.status !== 'alive' || minion.groupId === null) return null;
  const startStep = run.category === 'kills' || run.category === 'dies' ? 'E1' : 'E2';
  let cause = ctx.emit(
    'DeathStarted',
    { minionId: run.minionId, category: run.category, attackerId: run.attackerId, startStep },
    { rule: 'E0', step: 'E0', cause: run.cause },
  );
  if (startStep === 'E1') {
    const dying = isDying(ctx, run, cause);
    if (dying.averted) return 'averted';
    cause = dying.cause;
    // An "is dying" effect can kill the minion again (damage after a cancel at 0 HP): that nested death has
    // already run E2 and E3, so this one ends here rather than bury it twice.
    if (minionAt(ctx.state, run.minionId).status === 'dead') return 'died';
  }
  cause = death(ctx, run, cause);
  // Likewise a "when killed / dies" effect may have removed the minion already.
  if (minionAt(ctx.state, run.minionId).groupId !== null) burial(ctx, run, cause);
  return 'died';
}

/**
 * E1: status := dying; every "is dying" effect is checked, then, for a `kills` death, every "if killed" effect (K1
 * [A: here, while the minion is dying, so one may return it to life]). The first dying-cancel returns the minion to
 * life and every later one ignores this death (E1.1). Cancelled with HP > 0: halt (E1.2); cancelled at HP ≤ 0: go on.
 */
function isDying(ctx: EngineContext, run: DeathRun, started: string): { averted: boolean; cause: string } {
  const dying = {
    cause: ctx.emit('MinionDying', { minionId: run.minionId }, { rule: 'E1', step: 'E1', cause: started }),
    cancelled: false,
  };
  const minion = minionAt(ctx.state, run.minionId);
  dyingEffects(ctx, run, minion, 'isDying', dying);
  if (run.category === 'kills' && run.attackerId !== null) dyingEffects(ctx, run, minion, 'ifKilled', dying);
  if (dying.cancelled && minion.hp > 0) {
    ctx.emit('DeathAverted', { minionId: minion.id, hp: minion.hp }, { rule: 'E1.2', step: 'E1', cause: dying.cause });
    return { averted: true, cause: dying.cause };
  }
  return { averted: false, cause: dying.cause };
}

/** E1: one hook's effects on a dying minion; a `returnToLife` among them is a dying-cancel (E1.1: the first wins). */
function dyingEffects(
  ctx: EngineContext,
  run: DeathRun,
  minion: Minion,
  hook: 'isDying' | 'ifKilled',
  dying: { cause: string; cancelled: boolean },
): void {
  for (const firing of triggersFor(ctx.state, minion, hook)) {
    const { name, params } = actionOf(firing.trigger.do);
    if (name !== 'returnToLife') {
      // [A] Past the command's budget no such effect fires; a dying-cancel still does (it cascades into nothing).
      if (ctx.budgetSpent(dying.cause)) continue;
      const triggered =
        hook === 'isDying'
          ? ctx.emit(
              'DyingEffectTriggered',
              { minionId: minion.id, by: firing.by, action: firing.trigger.do },
              { rule: 'E1', step: 'E1', cause: dying.cause, copies: firing.trigger.do },
            )
          : ctx.emit(
              'IfKilledEffectTriggered',
              { minionId: minion.id, attackerId: run.attackerId as string, by: firing.by, action: firing.trigger.do },
              { rule: 'K1', step: 'E1', cause: dying.cause, copies: firing.trigger.do },
            );
      runTriggeredAction(ctx, firing, {
        minionId: minion.id,
        attackerId: run.attackerId,
        cause: triggered,
        depth: run.depth + 1,
      });
      continue;
    }
    if (minion.status !== 'dying') {
      ctx.emit(
        'DyingCancelIgnored',
        { minionId: minion.id, by: firing.by },
        { rule: 'E1.1', step: 'E1', cause: dying.cause },
      );
      continue;
    }
    const returned = params as { hp?: number; full?: boolean };
    const hp = returned.full ? minion.maxHp : Math.min(returned.hp ?? 1, minion.maxHp);
    dying.cause = ctx.emit(
      'DyingCancelled',
      { minionId: minion.id, by: firing.by, hp },
      { rule: 'E1', step: 'E1', cause: dying.cause },
    );
    dying.cancelled = true;
  }
}

/** E2: status := dead; "when killed" effects for `kills`, "when dies" effects for `kills` and `dies`. */
function death(ctx: EngineContext, run: DeathRun, cause: string): string {
  const minion = minionAt(ctx.state, run.minionId);
  const died = ctx.emit(
    'MinionDied',
    { minionId: minion.id, category: run.category, attackerId: run.attackerId },
    { rule: run.category === 'kills' || run.category === 'dies' ? 'E2' : 'K1', step: 'E2', cause },
  );
  if (run.category === 'kills' && run.attackerId !== null) {
    for (const firing of triggersFor(ctx.state, minion, 'whenKilled')) {
      if (ctx.budgetSpent(died)) break;
      const triggered = ctx.emit(
        'KilledEffectTriggered',
        { minionId: minion.id, attackerId: run.attackerId, by: firing.by, action: firing.trigger.do },
        { rule: 'E2', step: 'E2', cause: died, copies: firing.trigger.do },
      );
      runTriggeredAction(ctx, firing, {
        minionId: minion.id,
        attackerId: run.attackerId,
        cause: triggered,
        depth: run.depth + 1,
      });
    }
  }
  if (run.category === 'kills' || run.category === 'dies') {
    for (const firing of triggersFor(ctx.state, minion, 'whenDies')) {
      if (ctx.budgetSpent(died)) break;
      const triggered = ctx.emit(
        'DiesEffectTriggered',
        { minionId: minion.id, by: firing.by, action: firing.trigger.do },
        { rule: 'E2', step: 'E2', cause: died, copies: firing.trigger.do },
      );
      runTriggeredAction(ctx, firing, {
        minionId: minion.id,
        attackerId: run.attackerId,
        cause: triggered,
        depth: run.depth + 1,
      });
    }
  }
  return died;
}

/**
 * E3: E3.1 every individual spell on the minion is dispelled, visible or not; E3.2 it leaves its group (and so its
 * group's spells); E3.3 it goes to its owner's graveyard. A group left empty dies with it (B4), unless a
 * recruit-to-recruit replacement is filling it again (Q4).
 */
function burial(ctx: EngineContext, run: DeathRun, cause: string): void {
  const minion = minionAt(ctx.state, run.minionId);
  for (const activeSpellId of [...minion.spells]) {
    leavePlay(ctx, activeSpellId, 'host-died', { rule: 'E3.1', step: 'E3', cause });
  }
  const groupId = minion.groupId as string;
  ctx.emit('MinionRemovedFromGroup', { minionId: minion.id, groupId }, { rule: 'E3.2', step: 'E3', cause });
  const buried = ctx.emit(
    'MinionBuried',
    { minionId: minion.id, player: minion.owner },
    { rule: 'E3.3', step: 'E3', cause },
  );
  const group = groupAt(ctx.state, groupId);
  if (group.minionIds.length === 0 && !ctx.isGroupKeptAlive(groupId)) {
    groupDies(ctx, groupId, run.category, buried);
  }
}

/** B4: a group with no minions dies and is removed; its spells leave play with it (S1). */
export function groupDies(ctx: EngineContext, groupId: string, category: DeathCategory, cause: string): string {
  for (const activeSpellId of [...groupAt(ctx.state, groupId).spells]) {
    // S1: a spell replacing this group, its host, moves to the replacement instead (replace.actions.ts).
    if (ctx.isSpellKeptInPlay(activeSpellId)) continue;
    leavePlay(ctx, activeSpellId, 'host-died', { rule: 'S1', cause });
  }
  return ctx.emit('GroupDied', { groupId, category }, { rule: 'B4', cause });
}
