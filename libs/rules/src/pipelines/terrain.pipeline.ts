import type { EngineContext } from '../engine/engine-context';
import type { TerrainHook } from '../model/spell-definition';
// Part of the rules' own recursion: a terrain's effect may move a group onto another terrain.
import { runAction } from '../actions/run-action';
import { ASSUMPTION, RULES_OPTIONS } from '../rules-options';

/**
 * B5 [A]: what a square's terrain does to the groups standing on it, nobody to blame (K1: "Damage from … terrain",
 * "Drowning in water" are `dies`). Each effect is recorded (TerrainEffectTriggered) and acts on the group.
 *
 *   afterStartOfTurn: after the start-of-turn effects and the conjurations' expiry (T1), every group standing on
 *     a square whose terrain acts then, in the order the groups came into play
 *   groupEnters: as a group comes onto the square (a move, a spell setting it down); not as a group is created there
 */
export function terrainAfterStartOfTurn(ctx: EngineContext, cause: string): void {
  if (!terrainsAct(ctx, 'afterStartOfTurn')) return;
  // The groups as they stand now: an effect may destroy or move one, which is then passed over.
  for (const groupId of Object.keys(ctx.state.groups)) {
    const group = ctx.state.groups[groupId];
    if (group === undefined || group.heldBy !== null) continue;
    terrainActs(ctx, groupId, group.square, 'afterStartOfTurn', cause, 0);
  }
}

/** A group came onto a square: its terrain's `groupEnters` effects act on it. */
export function terrainOnEntering(
  ctx: EngineContext,
  groupId: string,
  square: string,
  cause: string,
  depth: number,
): void {
  if (!terrainsAct(ctx, 'groupEnters')) return;
  terrainActs(ctx, groupId, square, 'groupEnters', cause, depth);
}

function terrainsAct(ctx: EngineContext, on: TerrainHook): boolean {
  for (const key in ctx.state.terrains) {
    if (ctx.state.terrains[key]?.triggers.some((trigger) => trigger.on === on)) return true;
  }
  return false;
}

function terrainActs(
  ctx: EngineContext,
  groupId: string,
  square: string,
  on: TerrainHook,
  cause: string,
  depth: number,
): void {
  const terrain = ctx.state.squares[square]?.terrain ?? null;
  const definition = terrain === null ? undefined : ctx.state.terrains[terrain];
  if (terrain === null || definition === undefined) return;
  for (const trigger of definition.triggers) {
    if (trigger.on !== on) continue;
    // The group may have died or left the square through an earlier effect.
    const group = ctx.state.groups[groupId];
    if (group === undefined || group.square !== square || group.heldBy !== null) return;
    if (ctx.budgetSpent(cause)) return;
    if (depth + 1 > RULES_OPTIONS.maxTriggerDepth) {
      ctx.emit('TriggerDepthExceeded', { by: { terrain, square }, depth: depth + 1 }, { rule: ASSUMPTION, cause });
      return;
    }
    const triggered = ctx.emit(
      'TerrainEffectTriggered',
      { square, terrain, groupId, on, action: trigger.do },
      { rule: ASSUMPTION, cause, copies: trigger.do },
    );
    runAction(ctx, trigger.do, {
      subject: { group: groupId },
      caster: 'neutral',
      attackerId: null,
      cause: triggered,
      depth: depth + 1,
      activeSpellId: null,
      rule: 'B5',
    });
  }
}
