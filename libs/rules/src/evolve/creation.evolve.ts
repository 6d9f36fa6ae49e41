import type { EvolverMap } from './evolver';
import { ensureSquare, enterPlay, minionFromSpec } from './setup.evolve';
import { groupAt } from '../model/entity-accessors';

export const creationEvolvers: EvolverMap = {
  GroupCreated: (state, data) => {
    ensureSquare(state, data.square);
    state.groups[data.groupId] = {
      id: data.groupId,
      owner: data.owner,
      square: data.square,
      kind: data.kind,
      heldBy: null,
      minionIds: [],
      spells: [],
    };
    state.counters.entity += 1;
  },
  MinionCreated: (state, data) => {
    const minion = minionFromSpec(data.minion, data.owner, data.groupId);
    enterPlay(state, minion);
    groupAt(state, data.groupId).minionIds.push(minion.id);
    state.counters.entity += 1;
  },
  StructureCreated: (state, data) => {
    ensureSquare(state, data.square);
    state.structures[data.structureId] = {
      id: data.structureId,
      kind: data.kind,
      owner: data.owner,
      square: data.square,
      spells: [],
    };
    state.counters.entity += 1;
  },
};
