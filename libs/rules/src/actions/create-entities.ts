import type { EngineContext } from '../engine/engine-context';
import type { CreatedMinion } from '../events/event-vocabulary';
import type { Player } from '../model/players';
import type { MinionSpec, StructureKind } from '../model/spell-definition';
import { RULES_OPTIONS } from '../rules-options';
import { applyGroupAlterations } from './group-membership';
import { firstMinionOf, groupAt } from '../model/entity-accessors';

/** A created minion, normalised so the event alone rebuilds it. */
export function createdMinion(id: string, spec: MinionSpec): CreatedMinion {
  return {
    id,
    kind: spec.kind,
    class: spec.class ?? null,
    hp: spec.hp,
    maxHp: spec.maxHp ?? spec.hp,
    armor: spec.armor,
    maxArmor: spec.maxArmor ?? spec.armor,
    attacks: spec.attacks,
    traits: spec.traits ?? [],
    // Only when it has some: a minion without restrictions is recorded as engines before 1.7.0 recorded it.
    ...(spec.cannotBeTargetedBy === undefined || spec.cannotBeTargetedBy.length === 0
      ? {}
      : { cannotBeTargetedBy: spec.cannotBeTargetedBy }),
  };
}

/** Adds minions to an existing group, as many as B4's group size allows. Returns the created ids. */
export function addMinions(
  ctx: EngineContext,
  groupId: string,
  specs: MinionSpec[],
  rule: string,
  cause: string,
): string[] {
  const group = groupAt(ctx.state, groupId);
  const ids: string[] = [];
  for (const spec of specs) {
    if (group.minionIds.length >= RULES_OPTIONS.maxGroupSize || spec.kind !== group.kind) continue;
    const id = ctx.nextEntityId('minion');
    const created = ctx.emit(
      'MinionCreated',
      { groupId, minion: createdMinion(id, spec), owner: group.owner },
      { rule, cause, copies: spec },
    );
    applyGroupAlterations(ctx, groupId, id, created);
    ids.push(id);
  }
  return ids;
}

/** A new group on a square (B4: 1–8 minions of one kind). Returns its id. */
export function createGroup(
  ctx: EngineContext,
  owner: Player,
  square: string,
  specs: MinionSpec[],
  rule: string,
  cause: string,
): string {
  const groupId = ctx.nextEntityId('group');
  const created = ctx.emit(
    'GroupCreated',
    { groupId, owner, square, kind: firstMinionOf(specs, groupId).kind },
    { rule, cause },
  );
  addMinions(ctx, groupId, specs, rule, created);
  return groupId;
}

export function createStructure(
  ctx: EngineContext,
  owner: Player,
  square: string,
  kind: StructureKind,
  rule: string,
  cause: string,
): string {
  const structureId = ctx.nextEntityId('structure');
  ctx.emit('StructureCreated', { structureId, kind, owner, square }, { rule, cause });
  return structureId;
}
