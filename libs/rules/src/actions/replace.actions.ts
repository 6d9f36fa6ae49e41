import type { EngineContext } from '../engine/engine-context';
import type { ActionParams, MinionSpec } from '../model/spell-definition';
import type { ReplacedMinion } from '../events/event-vocabulary';
import type { Minion } from '../model/game-state';
import { runDeath } from '../pipelines/death.pipeline';
import { leavePlay } from '../pipelines/leave-play';
import { checkTargetRule } from '../orders/target-rule';
import type { ActionTarget } from './action-target';
import { createGroup, createStructure, createdMinion } from './create-entities';
import { applyGroupAlterations } from './group-membership';
import { activeSpellAt, firstMinionOf, groupAt, minionAt, spellAt } from '../model/entity-accessors';

type Replacement = ActionParams['replaceGroup']['with'];

function createReplacement(
  ctx: EngineContext,
  owner: ActionTarget['caster'],
  square: string,
  replacement: Replacement,
  rule: string,
  cause: string,
): string {
  if ('structure' in replacement) return createStructure(ctx, owner, square, replacement.structure.kind, rule, cause);
  return createGroup(ctx, owner, square, replacement.minions, rule, cause);
}

/** A minion of a group being replaced, as it stands: what `restore` brings back when its replacer is dispelled. */
function asReplaced(minion: Minion): ReplacedMinion {
  return {
    kind: minion.kind,
    class: minion.class,
    hp: minion.hp,
    maxHp: minion.maxHp,
    armor: minion.armor,
    maxArmor: minion.maxArmor,
    attacks: minion.attacks,
    traits: minion.traits,
    ...(minion.cannotBeTargetedBy.length > 0 ? { cannotBeTargetedBy: [...minion.cannotBeTargetedBy] } : {}),
  };
}

/**
 * The active spell doing this replacement, when it moves to the replacement (S1 transfer): it says so
 * (`movesToReplacement`), is hosted by the group it replaces, and replaces it by minions.
 */
function transferringSpell(ctx: EngineContext, groupId: string, replacement: Replacement, target: ActionTarget) {
  if (!('minions' in replacement) || target.activeSpellId === null) return undefined;
  const active = ctx.state.activeSpells[target.activeSpellId];
  if (active === undefined || !('group' in active.host) || active.host.group !== groupId) return undefined;
  return spellAt(ctx.state, active.spell).movesToReplacement === true ? active : undefined;
}

/**
 * K1 "replaced by" a group: the group is removed from the game (each minion through E0 → E2 → E3, so it is
 * buried and the group dies), then its replacement is created on the same square for the same owner (Q3).
 * S1: an active spell replacing its own host that says it moves (Karkara, Lycanthropy: `movesToReplacement`)
 * does not leave play with the group: it moves to the replacement, remembering the group it replaced, which
 * dispelling it brings back (`restore`).
 */
export function replaceGroup(
  ctx: EngineContext,
  groupId: string,
  replacement: Replacement,
  target: ActionTarget,
): void {
  const group = ctx.state.groups[groupId];
  if (group === undefined) return;
  const { owner, square } = group;
  const transferring = transferringSpell(ctx, groupId, replacement, target);
  const replaced = transferring && group.minionIds.map((id) => asReplaced(minionAt(ctx.state, id)));
  if (transferring) ctx.keepSpellInPlay(transferring.id);
  for (const minionId of [...group.minionIds]) {
    runDeath(ctx, { minionId, category: 'replaced', attackerId: null, cause: target.cause, depth: target.depth });
  }
  const replacementId = createReplacement(ctx, owner, square, replacement, 'Q3', target.cause);
  ctx.emit('GroupReplaced', { groupId, replacementId }, { rule: 'Q3', cause: target.cause });
  if (transferring && replaced) {
    ctx.releaseSpell(transferring.id);
    const moved = ctx.emit(
      'SpellTransferred',
      {
        activeSpellId: transferring.id,
        spell: transferring.spell,
        from: { group: groupId },
        to: { group: replacementId },
        replaced,
      },
      { rule: 'S1', cause: target.cause, copies: replaced },
    );
    // The replacement comes under the spell's alterations, as a minion joining a group does.
    for (const minionId of groupAt(ctx.state, replacementId).minionIds) {
      applyGroupAlterations(ctx, replacementId, minionId, moved);
    }
  }
}

/** A structure "replaced by" a group or another structure (Zana's Champion, Q3). */
export function replaceStructure(
  ctx: EngineContext,
  structureId: string,
  replacement: Replacement,
  target: ActionTarget,
): void {
  const structure = ctx.state.structures[structureId];
  if (structure === undefined) return;
  const { owner, square } = structure;
  for (const activeSpellId of [...structure.spells])
    leavePlay(ctx, activeSpellId, 'host-died', { rule: 'S1', cause: target.cause });
  ctx.emit('StructureDestroyed', { structureId, category: 'replaced' }, { rule: 'K1', cause: target.cause });
  const replacementId = createReplacement(ctx, owner, square, replacement, 'Q3', target.cause);
  ctx.emit('StructureReplaced', { structureId, replacementId }, { rule: 'Q3', cause: target.cause });
}

/**
 * A minion "replaced by" another. Q4: a recruit replaced by a recruit takes its place in the same group, which
 * does not die in between even if the old recruit was alone, and keeps every group spell for which the new
 * recruit is a legal target. Any other replacement stands in a new group on the same square.
 */
export function replaceMinion(ctx: EngineContext, minionId: string, spec: MinionSpec, target: ActionTarget): void {
  const minion = ctx.state.minions[minionId];
  if (minion === undefined || minion.status !== 'alive' || minion.groupId === null) return;
  const groupId = minion.groupId;
  const group = groupAt(ctx.state, groupId);
  const keepsGroup = minion.kind === 'recruit' && spec.kind === 'recruit';
  if (keepsGroup) ctx.keepGroupAlive(groupId);
  runDeath(ctx, { minionId, category: 'replaced', attackerId: null, cause: target.cause, depth: target.depth });
  let replacementId: string;
  if (keepsGroup) {
    ctx.releaseGroup(groupId);
    replacementId = ctx.nextEntityId('minion');
    const created = ctx.emit(
      'MinionCreated',
      { groupId, minion: createdMinion(replacementId, spec), owner: group.owner },
      { rule: 'Q4', cause: target.cause, copies: spec },
    );
    dropIllegalGroupSpells(ctx, groupId, target.cause);
    applyGroupAlterations(ctx, groupId, replacementId, created);
  } else {
    const newGroupId = createGroup(ctx, group.owner, group.square, [spec], 'Q3', target.cause);
    replacementId = firstMinionOf(groupAt(ctx.state, newGroupId).minionIds, newGroupId);
  }
  ctx.emit('MinionReplaced', { minionId, replacementId }, { rule: keepsGroup ? 'Q4' : 'Q3', cause: target.cause });
}

/** Q4: group spells for which the group (with its new recruit) is no longer a legal target leave play. */
function dropIllegalGroupSpells(ctx: EngineContext, groupId: string, cause: string): void {
  for (const activeSpellId of [...groupAt(ctx.state, groupId).spells]) {
    const active = activeSpellAt(ctx.state, activeSpellId);
    const illegal = checkTargetRule(ctx.state, active.owner, spellAt(ctx.state, active.spell).target, {
      group: groupId,
    });
    if (illegal !== null) leavePlay(ctx, activeSpellId, 'host-no-longer-legal', { rule: 'Q4', cause });
  }
}
