import type { EvolverMap } from './evolver';
import { ensureSquare } from './setup.evolve';
import { groupAt } from '../model/entity-accessors';

/** [A] Groups moving between squares, and into and out of the spells that hold them. */
export const movementEvolvers: EvolverMap = {
  GroupMoved: (state, data) => {
    ensureSquare(state, data.to);
    groupAt(state, data.groupId).square = data.to;
  },
  GroupTakenInside: (state, data) => {
    groupAt(state, data.groupId).heldBy = data.activeSpellId;
  },
  GroupReleased: (state, data) => {
    const group = groupAt(state, data.groupId);
    group.heldBy = null;
    group.square = data.square;
  },
};
