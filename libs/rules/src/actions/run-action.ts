import type { EngineContext } from '../engine/engine-context';
import type { Action, ActionParams } from '../model/spell-definition';
import { actionOf } from '../model/spell-definition';
import { addPools, toPool } from '../model/mana';
import { isColour, opponentOf } from '../model/players';
import { activeSpellsOn, isAlive } from '../model/state-queries';
// The rules' own recursion closes here: an effect deals damage or kills, and damage and death fire effects (their
// depth and the command budget bound it; .dependency-cruiser.js allows this one cycle and no other).
import { takeDamage } from '../pipelines/damage.pipeline';
import { runDeath } from '../pipelines/death.pipeline';
import { leavePlay } from '../pipelines/leave-play';
import type { FiringTrigger } from '../pipelines/triggers';
import { ASSUMPTION, RULES_OPTIONS } from '../rules-options';
import type { ActionTarget } from './action-target';
import { minionIdsOf } from './action-target';
import { addMinions, createGroup } from './create-entities';
import { replaceGroup, replaceMinion, replaceStructure } from './replace.actions';
import { moveGroup, takeInside } from './movement.actions';
import { applyStatChange } from './stat-change';
import { minionAt } from '../model/entity-accessors';

type Handler<K extends keyof ActionParams> = (
  ctx: EngineContext,
  params: ActionParams[K],
  target: ActionTarget,
) => void;

function livingMinions(ctx: EngineContext, target: ActionTarget): string[] {
  return minionIdsOf(target.subject, (groupId) => ctx.state.groups[groupId]?.minionIds).filter((id) =>
    isAlive(ctx.state.minions[id]),
  );
}

const damage: Handler<'damage'> = (ctx, params, target) => {
  const magical = params.magical ?? false;
  for (const minionId of livingMinions(ctx, target)) {
    takeDamage(ctx, {
      minionId,
      amount: params.amount,
      damage: { kind: params.kind ?? null, magical, ignoresArmor: magical || (params.ignoresArmor ?? false) },
      attackerId: target.attackerId,
      combatBlow: false,
      cause: target.cause,
      depth: target.depth,
    });
  }
};

/** Instant death (`dies`) or removal from the game (`removed`, Q5); a group goes minion by minion (B4). */
const destroy: Handler<'destroy'> = (ctx, params, target) => {
  if ('structure' in target.subject) {
    const structureId = target.subject.structure;
    const structure = ctx.state.structures[structureId];
    if (structure === undefined) return;
    for (const id of [...structure.spells]) leavePlay(ctx, id, 'host-died', { rule: 'S1', cause: target.cause });
    ctx.emit('StructureDestroyed', { structureId, category: params.category }, { rule: 'K1', cause: target.cause });
    return;
  }
  for (const minionId of livingMinions(ctx, target)) {
    runDeath(ctx, { minionId, category: params.category, attackerId: null, cause: target.cause, depth: target.depth });
  }
};

const heal: Handler<'heal'> = (ctx, params, target) => {
  for (const minionId of livingMinions(ctx, target)) {
    const minion = minionAt(ctx.state, minionId);
    const hpAfter = params.full ? minion.maxHp : Math.min(minion.maxHp, minion.hp + (params.amount ?? 0));
    if (hpAfter <= minion.hp) continue;
    ctx.emit(
      'MinionHealed',
      { minionId, amount: hpAfter - minion.hp, hpBefore: minion.hp, hpAfter },
      { rule: target.rule, cause: target.cause },
    );
  }
};

const modifyStats: Handler<'modifyStats'> = (ctx, params, target) => {
  const delta = { armor: params.armor ?? 0, maxHp: params.maxHp ?? 0, damage: params.damage ?? 0 };
  for (const minionId of livingMinions(ctx, target)) {
    applyStatChange(ctx, minionId, delta, target.activeSpellId, { rule: 'D6', cause: target.cause });
  }
};

/** S9: dispels reach visible spells only; non-visible spells ignore every dispel effect. */
const dispel: Handler<'dispel'> = (ctx, params, target) => {
  for (const active of activeSpellsOn(ctx.state, target.subject)) {
    if (!active.visible || active.id === target.activeSpellId) continue;
    if (params.which !== 'all' && params.which !== active.spell) continue;
    // An earlier spell's `whenDispelled` hook may have taken this one out of play already.
    if (ctx.state.activeSpells[active.id] === undefined) continue;
    leavePlay(ctx, active.id, 'dispelled', { rule: 'S9', cause: target.cause }, target.depth);
  }
};

const gainMana: Handler<'gainMana'> = (ctx, params, target) => {
  const caster = isColour(target.caster) ? target.caster : null;
  const player =
    params.player === 'caster' ? caster : params.player === 'opponent' ? caster && opponentOf(caster) : params.player;
  if (player === null) return;
  const mana = toPool(params.mana);
  const pool = addPools(ctx.state.players[player].mana, mana);
  ctx.emit('ManaGained', { player, mana, pool }, { rule: target.rule, cause: target.cause });
};

/** Summoning (a monster group on a square) and hero spells (a recruit joining a group), S1. */
const summon: Handler<'summon'> = (ctx, params, target) => {
  if ('square' in target.subject) {
    createGroup(ctx, target.caster, target.subject.square, params.minions, 'S1', target.cause);
  } else if ('group' in target.subject && ctx.state.groups[target.subject.group]) {
    addMinions(ctx, target.subject.group, params.minions, 'S1', target.cause);
  }
};

const HANDLERS: { [K in keyof ActionParams]: Handler<K> } = {
  damage,
  destroy,
  heal,
  modifyStats,
  dispel,
  gainMana,
  summon,
  replaceGroup: (ctx, params, target) => {
    if ('group' in target.subject) replaceGroup(ctx, target.subject.group, params.with, target);
  },
  replaceStructure: (ctx, params, target) => {
    if ('structure' in target.subject) replaceStructure(ctx, target.subject.structure, params.with, target);
  },
  replaceMinion: (ctx, params, target) => {
    for (const minionId of livingMinions(ctx, target)) replaceMinion(ctx, minionId, params.with, target);
  },
  move: moveGroup,
  takeInside: (ctx, _params, target) => takeInside(ctx, target),
  // Q3 "dispelling Karkara / Lycanthropy": the host group is replaced by the group its spell had replaced.
  restore: (ctx, _params, target) => {
    const minions = target.replacedGroup ?? [];
    if ('group' in target.subject && minions.length > 0) replaceGroup(ctx, target.subject.group, { minions }, target);
  },
  // These act on the damage or the dying itself, inside their pipelines (D1, D3, E1).
  returnToLife: () => undefined,
  modifyDamage: () => undefined,
  cancelDamage: () => undefined,
};

/** Runs one action of the effects vocabulary on its target. */
export function runAction(ctx: EngineContext, action: Action, target: ActionTarget): void {
  if (ctx.budgetSpent(target.cause)) return;
  const { name, params } = actionOf(action);
  (HANDLERS[name] as Handler<typeof name>)(ctx, params as never, target);
}

/** Actions that act on a group: fired for a minion, they act on its group (a summon joins it, a replacement replaces it). */
const GROUP_ACTIONS: ReadonlySet<string> = new Set(['summon', 'replaceGroup', 'restore']);

/** What an action fired for a minion acts on: the minion, or its group for the actions that act on groups. */
export function subjectOf(ctx: EngineContext, action: Action, minionId: string): ActionTarget['subject'] {
  const groupId = ctx.state.minions[minionId]?.groupId ?? null;
  return GROUP_ACTIONS.has(actionOf(action).name) && groupId !== null ? { group: groupId } : { minion: minionId };
}

/**
 * Runs a triggered effect for the minion whose hook fired. An effect aimed at the attacker is blamed on the
 * minion that was hit (combat-triggered effects "kill", K1); one aimed at the minion itself has nobody to blame.
 */
export function runTriggeredAction(
  ctx: EngineContext,
  firing: FiringTrigger,
  fired: { minionId: string; attackerId: string | null; cause: string; depth: number },
): void {
  if (fired.depth > RULES_OPTIONS.maxTriggerDepth) {
    ctx.emit('TriggerDepthExceeded', { by: firing.by, depth: fired.depth }, { rule: ASSUMPTION, cause: fired.cause });
    return;
  }
  const atAttacker = firing.trigger.subject === 'attacker';
  if (atAttacker && fired.attackerId === null) return;
  const minionId = atAttacker ? (fired.attackerId as string) : fired.minionId;
  runAction(ctx, firing.trigger.do, {
    subject: subjectOf(ctx, firing.trigger.do, minionId),
    caster: firing.owner,
    attackerId: atAttacker ? fired.minionId : null,
    cause: fired.cause,
    depth: fired.depth,
    activeSpellId: firing.activeSpellId,
    rule: 'K1',
  });
}

/**
 * Runs an attacker's "hits" effect (K1): it acts on the minion the attacker hit (its group, for the actions that act
 * on groups), blamed on the attacker — the weapon spell's extra damage "kills".
 */
export function runHitsAction(
  ctx: EngineContext,
  firing: FiringTrigger,
  fired: { attackerId: string; victimId: string; cause: string; depth: number },
): void {
  if (fired.depth > RULES_OPTIONS.maxTriggerDepth) {
    ctx.emit('TriggerDepthExceeded', { by: firing.by, depth: fired.depth }, { rule: ASSUMPTION, cause: fired.cause });
    return;
  }
  runAction(ctx, firing.trigger.do, {
    subject: subjectOf(ctx, firing.trigger.do, fired.victimId),
    caster: firing.owner,
    attackerId: fired.attackerId,
    cause: fired.cause,
    depth: fired.depth,
    activeSpellId: firing.activeSpellId,
    rule: 'K1',
  });
}
