import { RULES_OPTIONS } from '@app/rules';
import { MAX_APPEND_BYTES, playLargestGame } from '../support/largest-game';

describe('the largest accepted set-up keeps every append under 1 MB (SETUP_LIMITS, RULES_OPTIONS.commandEventBudget [A])', () => {
  const appends = playLargestGame(3);
  const largest = appends.reduce((a, b) => (b.bytes > a.bytes ? b : a));

  it("A: its worst turns reach the command budget, and no append exceeds EventStoreDB's default largest append", () => {
    expect(appends.length).toBeGreaterThan(10);
    expect(largest.events).toBeGreaterThanOrEqual(RULES_OPTIONS.commandEventBudget / 2);
    expect(largest.bytes).toBeLessThan(MAX_APPEND_BYTES);
  });
});
