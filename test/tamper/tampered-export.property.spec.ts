import * as fc from 'fast-check';
import { ReceiptsCheck, auditEvents } from '@app/games';
import { type RecordedGame, recordGame } from '../support/tampering/recorded-game';
import { tamper, tampering } from '../support/tampering/game-tampering';
import { readBack } from '../support/tampering/unwritable-json';
import { expectFound, handed } from './tamper-expectations';

/** How many forgeries a run tries (docs/operations.md's Reliability table says so). */
const RUNS = 400;

/**
 * Issue #23: a recorded game's export, forged at random (every class of tampering.ts: values, types, fields removed
 * or added, events removed, duplicated, swapped or moved, the end cut, numbers no JSON reader can hold, nesting no
 * reader can recurse into, the set-up and seed; each also re-chained) and read back as a file reader would. The audit
 * and the receipts check run over each forged file as `sanctum verify FILE --receipts` runs them.
 */
describe('a forged export: every forgery is a finding, never an exception (fast-check)', () => {
  let game: RecordedGame;

  beforeAll(async () => {
    game = await recordGame({ kind: 'memory' }, 'bb1');
  });

  it(`${RUNS} forgeries: found where they are, or caught by the receipts; no exception escapes`, async () => {
    await fc.assert(
      fc.asyncProperty(tampering, async (chosen) => {
        const forged = tamper(game.events, chosen);
        fc.pre(forged !== null);
        const lines = forged.events.map((event) => readBack(event));
        const receipts = new ReceiptsCheck(game.gameId, handed(game.receipts), game.keys.statementKeys());
        const report = await auditEvents(
          (function* () {
            for (const line of lines) {
              receipts.push(line);
              yield line;
            }
          })(),
          game.gameId,
        );
        expectFound(report, forged, receipts.verdicts(report.chain));
      }),
      { numRuns: RUNS },
    );
  });
});
