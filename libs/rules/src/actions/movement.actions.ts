import type { EngineContext } from '../engine/engine-context';
import type { EntityRef, GameState, Group } from '../model/game-state';
import type { ActionParams } from '../model/spell-definition';
import { sameRef } from '../model/entity-ref';
import { groupsOnSquare } from '../model/state-queries';
import { ASSUMPTION, RULES_OPTIONS } from '../rules-options';
// Part of the rules' own recursion: a group entering a square meets its terrain; a move that fails fires a hook.
import { terrainOnEntering } from '../pipelines/terrain.pipeline';
import { fireSpellHooks } from '../pipelines/spell-hooks';
import type { SpellInPlay } from '../pipelines/spell-hooks';
import type { ActionTarget } from './action-target';

/**
 * Groups moving between squares [A: the pages name the outcomes — "Jumping Land's mountain lands on you",
 * "Boardhop … dispelled with a group still inside", "Moonwalking fails" — not the movement rules]:
 *
 *   move       the group (a minion's: its group) goes to a square, if occupancy allows; then that square's terrain
 *              acts on it as it enters. A move that cannot happen is recorded, and the spell making it fails.
 *   takeInside an active spell takes its host group inside itself: off the board, on no square.
 *   release    when that spell leaves play (dispelled, expired), the group comes back onto the square it left,
 *              if occupancy allows; if not, the spell fails — its `whenFails` hook may dispose of the group, and a
 *              group still held after it comes down all the same.
 *
 * Occupancy [A]: a group may not enter a square where RULES_OPTIONS.groupsPerOwnerPerSquare other groups of its
 * owner stand; enemy groups may share a square (T3: they fight there).
 */

/** The group of its owner that keeps `group` off `square`, if any. */
export function occupantBlocking(state: GameState, group: Group, square: string): Group | undefined {
  const own = groupsOnSquare(state, square).filter((other) => other.id !== group.id && other.owner === group.owner);
  return own.length >= RULES_OPTIONS.groupsPerOwnerPerSquare ? own[0] : undefined;
}

function movingGroup(ctx: EngineContext, subject: EntityRef): Group | undefined {
  if ('group' in subject) return ctx.state.groups[subject.group];
  if (!('minion' in subject)) return undefined;
  const groupId = ctx.state.minions[subject.minion]?.groupId ?? null;
  return groupId === null ? undefined : ctx.state.groups[groupId];
}

export function moveGroup(ctx: EngineContext, params: ActionParams['move'], target: ActionTarget): void {
  const group = movingGroup(ctx, target.subject);
  if (group === undefined) return;
  const from = group.square;
  const to = params.to;
  if (group.heldBy !== null) return blocked(ctx, group, to, 'inside-spell', null, target);
  if (from === to) return;
  const blocker = occupantBlocking(ctx.state, group, to);
  if (blocker !== undefined) return blocked(ctx, group, to, 'occupied', blocker.id, target);
  const moved = ctx.emit('GroupMoved', { groupId: group.id, from, to }, { rule: ASSUMPTION, cause: target.cause });
  terrainOnEntering(ctx, group.id, to, moved, target.depth);
}

/** A move that does not happen; the active spell whose effect it was fails (its `whenFails` hook acts on the group). */
function blocked(
  ctx: EngineContext,
  group: Group,
  to: string,
  reason: 'occupied' | 'inside-spell',
  blockedBy: string | null,
  target: ActionTarget,
): void {
  const event = ctx.emit(
    'GroupMoveBlocked',
    { groupId: group.id, from: group.square, to, reason, blockedBy },
    { rule: ASSUMPTION, cause: target.cause },
  );
  const active = target.activeSpellId === null ? undefined : ctx.state.activeSpells[target.activeSpellId];
  if (active !== undefined) fireSpellHooks(ctx, active, 'whenFails', event, target.depth, [{ group: group.id }]);
}

/** The active spell doing this takes its host group inside itself (it must be that spell's host, and on the board). */
export function takeInside(ctx: EngineContext, target: ActionTarget): void {
  if (!('group' in target.subject) || target.activeSpellId === null) return;
  const group = ctx.state.groups[target.subject.group];
  const active = ctx.state.activeSpells[target.activeSpellId];
  if (group === undefined || active === undefined || group.heldBy !== null) return;
  if (!sameRef(active.host, { group: group.id })) return;
  ctx.emit(
    'GroupTakenInside',
    { groupId: group.id, activeSpellId: active.id, square: group.square },
    { rule: ASSUMPTION, cause: target.cause },
  );
}

/** The spell holding its host group left play: the group comes back onto the square it left. */
export function releaseHeldGroup(ctx: EngineContext, spell: SpellInPlay, cause: string, depth: number): void {
  if (!('group' in spell.host)) return;
  const group = ctx.state.groups[spell.host.group];
  if (group === undefined || group.heldBy !== spell.id) return;
  const { square } = group;
  const blocker = occupantBlocking(ctx.state, group, square);
  if (blocker !== undefined) {
    const failed = ctx.emit(
      'GroupReleaseFailed',
      { groupId: group.id, activeSpellId: spell.id, square, blockedBy: blocker.id },
      { rule: ASSUMPTION, cause },
    );
    fireSpellHooks(ctx, spell, 'whenFails', failed, depth, [{ group: group.id }]);
    // A failure effect may have disposed of the group (removed it from the game); if not, it comes down anyway.
    if (ctx.state.groups[group.id]?.heldBy !== spell.id) return;
  }
  const released = ctx.emit(
    'GroupReleased',
    { groupId: group.id, activeSpellId: spell.id, square },
    { rule: ASSUMPTION, cause },
  );
  terrainOnEntering(ctx, group.id, square, released, depth);
}
