import canonicalize from 'canonicalize';
import { type DomainEvent, type GameState, RULES_OPTIONS, fold } from '@app/rules';

/** An event as the API lists it (`GET /games/:id/events`), or as the store holds it. */
export interface EventLike {
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/** The state a game's events fold to: what `GET /games/:id/state` must answer (the organiser sees all of it). */
export function foldEvents(events: readonly EventLike[]): GameState {
  return fold(
    events.map((event) => ({ type: event.type, data: event.data, metadata: event.metadata }) as unknown as DomainEvent),
  );
}

/**
 * Canonical JSON (RFC 8785): two states compare equal whatever their key order or prototype (the cached state, a
 * fold in Jest's sandbox, and a state read over HTTP are built differently).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalize(JSON.parse(JSON.stringify(a))) === canonicalize(JSON.parse(JSON.stringify(b)));
}

/**
 * The board invariants of the rules property test (libs/rules/test/property/engine.property.spec.ts: B3, B4, D3/D4,
 * E1–E3), for a state between commands: every problem found, in words (empty when the board is sound).
 */
export function boardProblems(state: GameState): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const minion of Object.values(state.minions)) {
    if (minion.hp < 0) problems.push(`D3/D4: minion ${minion.id} has hp ${minion.hp}`);
    if (minion.status === 'alive' && minion.hp <= 0)
      problems.push(`D4/E1.2: ${minion.id} is alive with hp ${minion.hp}`);
    if (minion.status === 'dying') problems.push(`E1: minion ${minion.id} is still dying between commands`);
  }
  for (const group of Object.values(state.groups)) {
    const size = group.minionIds.length;
    if (size < 1 || size > RULES_OPTIONS.maxGroupSize) problems.push(`B4: group ${group.id} holds ${size} minions`);
    for (const id of group.minionIds) {
      const minion = state.minions[id];
      if (minion === undefined) {
        problems.push(`B4: group ${group.id} lists unknown minion ${id}`);
        continue;
      }
      if (minion.status !== 'alive') problems.push(`B4/E3.2: ${minion.status} minion ${id} is in group ${group.id}`);
      if (minion.owner !== group.owner) problems.push(`B4: ${minion.owner}'s ${id} in ${group.owner}'s ${group.id}`);
      if (minion.groupId !== group.id) problems.push(`B4: ${id} is listed by ${group.id} but says ${minion.groupId}`);
      if (seen.has(id)) problems.push(`B4: minion ${id} is in groups ${seen.get(id)} and ${group.id}`);
      seen.set(id, group.id);
    }
  }
  const buried = new Map<string, string[]>();
  for (const player of Object.values(state.players)) {
    for (const id of player.graveyard) buried.set(id, [...(buried.get(id) ?? []), player.id]);
  }
  for (const minion of Object.values(state.minions)) {
    if (minion.status === 'alive') {
      const group = minion.groupId === null ? undefined : state.groups[minion.groupId];
      if (group === undefined) problems.push(`B4: living minion ${minion.id} has no group (${minion.groupId})`);
      else if (!group.minionIds.includes(minion.id)) problems.push(`B4: ${group.id} does not list its ${minion.id}`);
      if (buried.has(minion.id)) problems.push(`E3.3: living minion ${minion.id} is in a graveyard`);
    } else if (minion.status === 'dead') {
      if (minion.groupId !== null) problems.push(`E3.2: dead minion ${minion.id} still names ${minion.groupId}`);
      const graves = buried.get(minion.id) ?? [];
      if (graves.length !== 1 || graves[0] !== minion.owner) {
        problems.push(`E3.3: dead ${minion.id} of ${minion.owner} is in graveyards [${graves.join(', ')}]`);
      }
    }
  }
  for (const id of buried.keys()) {
    if (state.minions[id] === undefined) problems.push(`E3.3: a graveyard lists deleted minion ${id}`);
  }
  return problems;
}
