import type { GameState } from '../model/game-state';
import type { EvolverMap } from './evolver';

function recordCasualty(
  state: GameState,
  id: string,
  category: GameState['casualties'][string]['category'],
  eventId: string,
): void {
  state.casualties[id] = { category, phase: state.phase, replacementId: null, eventId };
}

export const deathEvolvers: EvolverMap = {
  MinionDying: (state, data) => {
    state.minions[data.minionId].status = 'dying';
  },
  DyingCancelled: (state, data) => {
    const minion = state.minions[data.minionId];
    minion.status = 'alive';
    minion.hp = data.hp;
  },
  MinionDied: (state, data, metadata) => {
    state.minions[data.minionId].status = 'dead';
    recordCasualty(state, data.minionId, data.category, metadata.eventId);
  },
  MinionRemovedFromGroup: (state, data) => {
    const group = state.groups[data.groupId];
    group.minionIds = group.minionIds.filter((id) => id !== data.minionId);
    state.minions[data.minionId].groupId = null;
  },
  MinionBuried: (state, data) => {
    state.players[data.player].graveyard.push(data.minionId);
  },
  GroupDied: (state, data, metadata) => {
    // B4: a group with no minions is removed from the game.
    delete state.groups[data.groupId];
    recordCasualty(state, data.groupId, data.category, metadata.eventId);
  },
  StructureDestroyed: (state, data, metadata) => {
    delete state.structures[data.structureId];
    recordCasualty(state, data.structureId, data.category, metadata.eventId);
  },
};
