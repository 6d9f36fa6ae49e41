import type { EvolverMap } from './evolver';

/**
 * [A] A game's end: GameEnded records the result; nothing is played after it (orders/game-end.guard.ts). Its record
 * may then be published (GameRecordPublished), once.
 */
export const gameEndEvolvers: EvolverMap = {
  GameEnded: (state, data) => {
    state.result = { winner: data.winner, reason: data.reason, turn: data.turn };
  },
  GameRecordPublished: (state) => {
    state.recordPublished = true;
  },
};
