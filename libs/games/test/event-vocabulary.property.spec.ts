import fc from 'fast-check';
import { gamePlanArb, playGame } from '../../rules/test/property/game.arbitrary';
import { storedEventProblem } from '@app/verifier';

/**
 * The store boundary must never take one of the engine's own events for damage: over random legal games (the rules'
 * own property games, every action, hook and order of the set-ups they draw), every event the engine emits is of
 * the vocabulary its JSON Schema describes.
 */
describe('the event vocabulary’s schema takes every event the engine emits (fast-check)', () => {
  it('random legal games: no event the engine emits is a problem at the store boundary', () => {
    fc.assert(
      fc.property(gamePlanArb(6), (plan) => {
        for (const event of playGame(plan).events) {
          const problem = storedEventProblem(event);
          if (problem !== null) throw new Error(`${event.type} ${JSON.stringify(event.data)}: ${problem.reason}`);
        }
      }),
      { seed: 2323, numRuns: 60 },
    );
  });
});
