import type { EventDataMap } from '../events/event-vocabulary';
import type { GameState, Minion } from '../model/game-state';
import type { Player } from '../model/players';
import type { MinionSpec, TargetingRestriction } from '../model/spell-definition';
import type { EvolverMap } from './evolver';
import { asIdRecord } from '../model/id-record';
import { gameRulesOf } from '../model/game-rules';
import { noteEnteredPlay } from '../model/play-order.index';
import { activeSpellAt, firstMinionOf, groupAt, minionAt, squareAt, structureAt } from '../model/entity-accessors';

/** Shared by every minion without restrictions (never changed in place): no list allocated per minion. */
const NO_RESTRICTIONS: readonly TargetingRestriction[] = Object.freeze([]);

export function minionFromSpec(spec: MinionSpec & { id: string }, owner: Player, groupId: string): Minion {
  return {
    id: spec.id,
    kind: spec.kind,
    class: spec.class ?? null,
    owner,
    groupId,
    maxHp: spec.maxHp ?? spec.hp,
    hp: spec.hp,
    maxArmor: spec.maxArmor ?? spec.armor,
    armor: spec.armor,
    damageBonus: 0,
    attacks: spec.attacks,
    status: 'alive',
    traits: spec.traits ?? [],
    cannotBeTargetedBy: spec.cannotBeTargetedBy ?? NO_RESTRICTIONS,
    spells: [],
  };
}

/** A minion comes into play: recorded, and listed in play order (with the start-of-turn list if its traits act then). */
export function enterPlay(state: GameState, minion: Minion): void {
  state.minions[minion.id] = minion;
  state.minionIds.push(minion.id);
  noteEnteredPlay(state, minion);
  if (minion.traits.some((trigger) => trigger.on === 'atStartOfTurn')) state.startOfTurnMinionIds.push(minion.id);
}

export function ensureSquare(state: GameState, id: string): void {
  state.squares[id] ??= { id, terrain: null, spells: [] };
}

function gameCreated(state: GameState, data: EventDataMap['GameCreated']): void {
  state.gameId = data.gameId;
  state.name = data.name;
  state.seed = data.seed;
  state.initiative = data.initiative;
  state.rules = gameRulesOf(data.rules);
  state.turnLimit = data.turnLimit ?? null;
  state.spells = asIdRecord(data.spells);
  state.terrains = asIdRecord(data.terrains ?? {});
  for (const colour of ['red', 'blue'] as const) {
    const setup = data.players[colour];
    const player = state.players[colour];
    player.house = setup.house;
    player.mana = { ...setup.mana };
    player.income = { ...setup.income };
    player.hand = [...setup.hand];
    player.deck = [...setup.deck];
  }
  for (const square of data.board.squares) {
    state.squares[square.id] = { id: square.id, terrain: square.terrain ?? null, spells: [] };
  }
  for (const group of data.board.groups) {
    ensureSquare(state, group.square);
    state.groups[group.id] = {
      id: group.id,
      owner: group.owner,
      square: group.square,
      kind: firstMinionOf(group.minions, group.id).kind,
      heldBy: null,
      minionIds: group.minions.map((minion) => minion.id),
      spells: [],
    };
    for (const minion of group.minions) enterPlay(state, minionFromSpec(minion, group.owner, group.id));
  }
  for (const structure of data.board.structures) {
    ensureSquare(state, structure.square);
    state.structures[structure.id] = { ...structure, spells: [] };
  }
  for (const active of data.board.activeSpells) {
    if ('square' in active.host) ensureSquare(state, active.host.square);
    state.activeSpells[active.id] = {
      id: active.id,
      spell: active.spell,
      owner: active.owner,
      host: active.host,
      visible: active.visible,
      expiresAtTurn: active.expiresAtTurn,
      statChanges: [],
      replaced: null,
    };
  }
  // Host and owner lists in set-up order, which is their casting order (S8).
  for (const active of data.board.activeSpells) attachActiveSpell(state, active.id);
}

/** S8: an active spell joins its host's list and its owner's list, youngest last. */
export function attachActiveSpell(state: GameState, activeSpellId: string): void {
  const active = activeSpellAt(state, activeSpellId);
  const host = active.host;
  if ('minion' in host) minionAt(state, host.minion).spells.push(active.id);
  else if ('group' in host) groupAt(state, host.group).spells.push(active.id);
  else if ('structure' in host) structureAt(state, host.structure).spells.push(active.id);
  else if ('square' in host) squareAt(state, host.square).spells.push(active.id);
  else state.globe.spells.push(active.id);
  state.players[active.owner].activeSpells.push(active.id);
}

export const setupEvolvers: EvolverMap = {
  GameCreated: gameCreated,
};
