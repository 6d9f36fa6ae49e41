import { checkExpectation, matchesPattern, matchesValue, parseEventLines } from './scenario-expectation';
import type { PrintedEvent, SimulateRun } from './scenario-expectation';

/** Event lines as `simulate` prints them, revision = position. */
function printed(...events: Omit<PrintedEvent, 'revision'>[]): string {
  return events.map((event, revision) => JSON.stringify({ revision, ...event, metadata: {} })).join('\n') + '\n';
}

const STDOUT = printed(
  { type: 'SpellExecuting', data: { orderId: 'order.1', target: { minion: 'M1' } } },
  { type: 'DamageIncoming', data: { minionId: 'M1', amount: 3, damage: { kind: null, magical: true } } },
  { type: 'DamageApplied', data: { minionId: 'M1', amount: 3, hpBefore: 3, hpAfter: 0 } },
  { type: 'DeathStarted', data: { minionId: 'M1', category: 'dies', attackerId: null } },
  { type: 'GarbageCollected', data: { turn: 1, minionIds: ['M1', 'M2'] } },
  { type: 'SpellExecuting', data: { orderId: 'order.2', target: { minion: 'M1' } } },
  { type: 'SpellSquandered', data: { orderId: 'order.2', reason: 'target-dead' } },
);

const ok = (stdout = STDOUT): SimulateRun => ({ exitCode: 0, stdout, stderr: '' });

describe('matchesValue', () => {
  it('matches objects partially, at every depth', () => {
    expect(matchesValue({ a: 1 }, { a: 1, b: 2 })).toBe(true);
    expect(matchesValue({ a: { b: 1 } }, { a: { b: 1, c: 2 } })).toBe(true);
    expect(matchesValue({ a: { b: 1 } }, { a: { b: 2 } })).toBe(false);
    expect(matchesValue({ a: 1 }, { b: 1 })).toBe(false);
    expect(matchesValue({}, { anything: true })).toBe(true);
  });

  it('needs arrays of the same length whose elements all match (objects in them partially)', () => {
    expect(matchesValue(['M1', 'M2'], ['M1', 'M2'])).toBe(true);
    expect(matchesValue(['M1'], ['M1', 'M2'])).toBe(false);
    expect(matchesValue(['M2', 'M1'], ['M1', 'M2'])).toBe(false);
    expect(matchesValue([{ id: 'M1' }], [{ id: 'M1', hp: 3 }])).toBe(true);
    expect(matchesValue([], [])).toBe(true);
    expect(matchesValue([], {})).toBe(false);
  });

  it('lets null match null or a missing field, nothing else', () => {
    expect(matchesValue({ attackerId: null }, { attackerId: null })).toBe(true);
    expect(matchesValue({ attackerId: null }, {})).toBe(true);
    expect(matchesValue({ attackerId: null }, { attackerId: 'M2' })).toBe(false);
    expect(matchesValue({ attackerId: null }, { attackerId: 0 })).toBe(false);
  });

  it('compares other values exactly (no type coercion)', () => {
    expect(matchesValue(3, 3)).toBe(true);
    expect(matchesValue(3, '3')).toBe(false);
    expect(matchesValue(false, 0)).toBe(false);
    expect(matchesValue('a', { a: 1 })).toBe(false);
    expect(matchesValue({ a: 1 }, [1])).toBe(false);
  });
});

describe('matchesPattern', () => {
  const event: PrintedEvent = { type: 'DamageApplied', data: { minionId: 'M1', amount: 3 } };

  it('needs the same type; without data any event of that type matches', () => {
    expect(matchesPattern({ type: 'DamageApplied' }, event)).toBe(true);
    expect(matchesPattern({ type: 'DamageResolved' }, event)).toBe(false);
    expect(matchesPattern({ type: 'DamageApplied', data: { amount: 3 } }, event)).toBe(true);
    expect(matchesPattern({ type: 'DamageApplied', data: { amount: 4 } }, event)).toBe(false);
  });
});

describe('parseEventLines', () => {
  it('keeps JSON objects with a type, in order, and ignores every other line', () => {
    const stdout = ['{"revision":0,"type":"A"}', 'not json', '[1,2]', '{"no":"type"}', '', '{"type":"B"}'].join('\n');
    expect(parseEventLines(stdout).map((event) => event.type)).toEqual(['A', 'B']);
  });
});

describe('checkExpectation', () => {
  it('passes a run that meets sequence, absent and count', () => {
    expect(
      checkExpectation(
        {
          rule: ['Q2'],
          why: 'not checked',
          sequence: [
            { type: 'SpellExecuting', data: { target: { minion: 'M1' } } },
            { type: 'DeathStarted', data: { category: 'dies', attackerId: null } },
            { type: 'SpellExecuting' },
            { type: 'SpellSquandered', data: { reason: 'target-dead' } },
          ],
          absent: [{ type: 'ArmorSoaked' }, { type: 'DamageApplied', data: { hpAfter: 1 } }],
          count: [
            { type: 'SpellExecuting', n: 2 },
            { type: 'SpellResolved', n: 0 },
          ],
          rejected: false,
        },
        ok(),
      ),
    ).toBeNull();
  });

  it('treats the sequence as a subsequence: each item must come after the previous one', () => {
    const sequence = [{ type: 'DamageApplied' }, { type: 'DamageIncoming' }];
    expect(checkExpectation({ sequence }, ok())).toBe(
      'sequence item 2 {"type":"DamageIncoming"} not found after revision 2',
    );
  });

  it('reports a sequence item that is nowhere in the events', () => {
    expect(checkExpectation({ sequence: [{ type: 'ArmorSoaked', data: { soaked: 2 } }] }, ok())).toBe(
      'sequence item 1 {"type":"ArmorSoaked","data":{"soaked":2}} not found in the 7 events printed',
    );
  });

  it('matches the same event type twice in a sequence only with two events', () => {
    const twice = { type: 'DamageApplied' };
    expect(checkExpectation({ sequence: [twice, twice] }, ok())).toBe(
      'sequence item 2 {"type":"DamageApplied"} not found after revision 2',
    );
  });

  it('reports the first absent pattern that matched, with its revision', () => {
    expect(
      checkExpectation(
        { absent: [{ type: 'MinionDied' }, { type: 'SpellSquandered', data: { reason: 'target-dead' } }] },
        ok(),
      ),
    ).toBe('absent item 2 {"type":"SpellSquandered","data":{"reason":"target-dead"}} matched revision 6');
  });

  it('reports a count that is off, with the revisions that matched', () => {
    expect(checkExpectation({ count: [{ type: 'SpellExecuting', n: 1 }] }, ok())).toBe(
      'count item 1 {"type":"SpellExecuting"} expected 1, found 2 (revisions 0, 5)',
    );
    expect(checkExpectation({ count: [{ type: 'SpellResolved', n: 1 }] }, ok())).toBe(
      'count item 1 {"type":"SpellResolved"} expected 1, found 0',
    );
  });

  it('rejected: true needs a non-zero exit', () => {
    expect(checkExpectation({ rejected: true }, { exitCode: 1, stdout: '' })).toBeNull();
    expect(checkExpectation({ rejected: true }, ok())).toBe(
      'expected the run to fail on a rejected order, but it exited 0',
    );
  });

  it('rejected: false (the default) needs exit 0, and says why the run failed', () => {
    expect(checkExpectation({}, { exitCode: 1, stdout: '', stderr: 'turns[0].orders.red[1]: rule S5: no\n' })).toBe(
      'expected the run to exit 0, but it exited 1: turns[0].orders.red[1]: rule S5: no',
    );
  });

  it('checks the exit status first, then sequence, absent and count, and reports only the first failure', () => {
    const all = {
      sequence: [{ type: 'Nope' }],
      absent: [{ type: 'DamageApplied' }],
      count: [{ type: 'SpellExecuting', n: 9 }],
    };
    expect(checkExpectation(all, { exitCode: 2, stdout: STDOUT })).toMatch(/^expected the run to exit 0/);
    expect(checkExpectation(all, ok())).toMatch(/^sequence item 1/);
    expect(checkExpectation({ ...all, sequence: [] }, ok())).toMatch(/^absent item 1/);
    expect(checkExpectation({ ...all, sequence: [], absent: [] }, ok())).toMatch(/^count item 1/);
  });

  it('uses the position when events carry no revision', () => {
    const stdout = ['{"type":"A"}', '{"type":"B"}'].join('\n');
    expect(checkExpectation({ absent: [{ type: 'B' }] }, ok(stdout))).toBe(
      'absent item 1 {"type":"B"} matched revision 1',
    );
  });

  it('throws on a malformed expectation instead of passing or failing the run', () => {
    expect(() => checkExpectation({ sequence: [{} as never] }, ok())).toThrow('sequence item 1 needs a "type"');
    expect(() => checkExpectation({ count: [{ type: 'A' } as never] }, ok())).toThrow('count item 1 needs "n"');
    expect(() => checkExpectation({ absent: 'A' as never }, ok())).toThrow('absent must be a list');
  });
});
