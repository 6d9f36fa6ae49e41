import { runScenario } from '@app/rules';
import type { Scenario } from '@app/rules';
import { ReceiptsCheck, chainEvents, genesisHash } from '@app/verifier';
import type { GameEventLine } from '../recording/game-event-line';
import { fullScenario } from '../scenario-file/full-scenario.fixture';
import { receiptOfCommand } from './game-receipts.service';
import { ReceiptKeyRing } from './receipt-key-ring';
import { generateSigningKeyPem, parseSigningKey } from './signing-key';

/** A game that a ruling ends in its last turn (fullScenario's turns: the third rules a draw). */
function endedGame(): GameEventLine[] {
  const { events } = runScenario(fullScenario() as Scenario, 'g');
  return chainEvents(genesisHash('g'), events).events.map((event, revision) => ({
    revision,
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as Record<string, unknown>,
  }));
}

describe('ReceiptsCheck: a receipt’s result [A]', () => {
  const keys = new ReceiptKeyRing(parseSigningKey(generateSigningKeyPem(), 'test'));
  const events = endedGame();
  const ruling = events.findIndex((event) => event.type === 'ResultAdjudicated');
  const [first, last] = [events[ruling] as GameEventLine, events.at(-1) as GameEventLine];
  const check = (receipt: ReturnType<typeof receiptOfCommand>) => {
    const receipts = new ReceiptsCheck('g', [{ place: 'line 1', receipt }], keys.statementKeys());
    for (const event of events) receipts.push(event);
    return receipts.verdicts({ intact: true, firstBrokenRevision: null, lastHash: String(last.metadata.hash) })[0];
  };

  it('holds when it states the result the stored game records at that revision', () => {
    expect(last.type).toBe('GameEnded');
    const result = { winner: null, reason: 'adjudication' as const, turn: Number(last.metadata.turn) };
    expect(check(receiptOfCommand(keys, 'g', first, last, result))).toMatchObject({ holds: true });
  });

  it('does not hold, saying so, when it states another result, or none for a game that has ended', () => {
    const other = receiptOfCommand(keys, 'g', first, last, { winner: 'red', reason: 'adjudication', turn: 3 });
    expect(check(other)).toMatchObject({
      holds: false,
      reason: expect.stringContaining(
        'the receipt states the result {"reason":"adjudication","turn":3,"winner":"red"}',
      ),
    });
    expect(check(receiptOfCommand(keys, 'g', first, last))).toMatchObject({
      holds: false,
      reason: expect.stringContaining('of a game that goes on'),
    });
  });
});
