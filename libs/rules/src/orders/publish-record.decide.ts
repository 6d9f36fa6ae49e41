import { reject } from '../commands/command-rejected.error';
import type { CommandDataMap } from '../commands/command';
import type { EngineContext } from '../engine/engine-context';
import { describeResult } from '../model/game-result';
import { ASSUMPTION } from '../rules-options';
import { requireGame } from './order-guards';

/**
 * [A] The organiser makes a finished game's whole record public, once: only a game that has ended (its hidden
 * cards and orders would tell the other side what to play), and only once the collection already due has run, so
 * that the publication is the record's last event and the record published is the whole game.
 */
export function publishRecord(ctx: EngineContext, _data: CommandDataMap['PublishRecord']): void {
  const { state } = ctx;
  requireGame(state);
  if (state.result === null) {
    reject(
      'rule',
      ASSUMPTION,
      `only a finished game's record may be published: the game goes on (turn ${state.turn}, ${state.phase} phase)`,
    );
  }
  if (state.recordPublished === true) {
    reject('phase', ASSUMPTION, `the record of this game is already public: ${describeResult(state.result)}`);
  }
  if (state.pendingCollection !== null) {
    reject(
      'phase',
      ASSUMPTION,
      `the garbage collection of turn ${state.pendingCollection} is still due: the record is published once it has run`,
    );
  }
  ctx.emit('GameRecordPublished', {}, { rule: ASSUMPTION });
}
