import { RULES_OPTIONS } from '../src';
import type { Trigger } from '../src';
import {
  attack,
  cast,
  collectGarbage,
  event,
  game,
  given,
  orderAttack,
  orders,
  recruit,
  spell,
  turn,
} from '../src/testing';

/** "When hit, strike back for 0": on two minions facing each other, each blow is answered k times, 8 deep. */
const reflect: Trigger = { on: 'hitBy', do: { damage: { amount: 0 } }, subject: 'attacker' };
const reflecting = (k: number) => ({ hp: 5, traits: Array.from({ length: k }, () => reflect) });

const BUDGET = RULES_OPTIONS.commandEventBudget;

describe('A: a command does bounded work (RULES_OPTIONS.commandEventBudget)', () => {
  it('A: triggers that feed each other stop at the budget, CommandBudgetSpent says so once, and the turn completes', () => {
    // Without a budget, k = 4 makes one attack about 4^8 damage runs (close to a million events).
    const outcome = given(
      game()
        .group('R', 'red', [recruit('R1', reflecting(4))])
        .group('B', 'blue', [recruit('B1', reflecting(4))]),
    )
      .when(turn({ red: [attack('R1', 'B1')] }))
      .then(
        event('HitEffectTriggered'),
        event('CommandBudgetSpent', { budget: BUDGET }, { rule: 'A' }),
        event('TurnEnded'),
        event('GarbageCollectionScheduled'),
      )
      .andCount(event('CommandBudgetSpent'), 1);
    // The confirm that executed the turn: its events stop a bounded step past the budget.
    const executing = outcome.events.filter((e) => e.metadata.commandId === outcome.events.at(-1)!.metadata.commandId);
    expect(executing.length).toBeGreaterThanOrEqual(BUDGET);
    expect(executing.length).toBeLessThan(BUDGET + 50);
  });

  it('A: attacks still to come once the budget is spent fizzle (budget-spent), and spell effects take no place', () => {
    const bolt = spell('bolt', { effects: [{ damage: { amount: 1, magical: true } }] });
    const outcome = given(
      game()
        .spells(bolt)
        .hand('blue', 'bolt')
        .group('R', 'red', [recruit('R1', reflecting(4)), recruit('R2')])
        .group('B', 'blue', [recruit('B1', reflecting(4)), recruit('B2', { hp: 9 })]),
    )
      .when(turn({ red: [attack('R1', 'B1'), attack('R2', 'B2')] }), collectGarbage())
      .then(event('CommandBudgetSpent'), event('AttackFizzled', { reason: 'budget-spent' }, { rule: 'A' }))
      .andNot(event('DamageIncoming', { minionId: 'B2' }), event('AttackExecuting', { attackerId: 'R2' }))
      .andState((state) => expect(state.minions.B2.hp).toBe(9));
    // The fizzle names the CommandBudgetSpent that made it fizzle.
    const spent = outcome.find(event('CommandBudgetSpent'));
    expect(outcome.find(event('AttackFizzled')).data.reasonEventId).toBe(spent.metadata.eventId);
  });

  it('A: a spell whose effects start past the budget executes and resolves, with no effect', () => {
    const bolt = spell('bolt', { effects: [{ damage: { amount: 4, magical: true } }] });
    const tap = spell('tap', { effects: [{ damage: { amount: 0 } }] });
    // Each blow B1 takes deals it four more before its armor is checked: spell damage floods too, without attackers.
    const echo: Trigger = { on: 'beforeArmor', do: { damage: { amount: 0 } } };
    // Red holds initiative, so its tap executes first in the spell phase (S7), then blue's bolt.
    given(
      game()
        .spells(bolt, tap)
        .hand('red', 'tap')
        .hand('blue', 'bolt')
        .group('R', 'red', [recruit('R1'), recruit('R2', { hp: 9 })])
        .group('B', 'blue', [recruit('B1', { hp: 5, traits: [echo, echo, echo, echo] })]),
    )
      .when(turn({ red: [cast('tap', { minion: 'B1' })], blue: [cast('bolt', { minion: 'R2' })] }))
      .then(
        event('CommandBudgetSpent'),
        event('SpellExecuting', { spell: 'bolt' }),
        event('SpellResolved'),
        event('TurnEnded'),
      )
      .andNot(event('DamageIncoming', { minionId: 'R2' }))
      .andState((state) => expect(state.minions.R2.hp).toBe(9));
  });

  it('A: the budget is per command: the next turn starts afresh', () => {
    given(
      game()
        .group('R', 'red', [recruit('R1', reflecting(2))])
        .group('B', 'blue', [recruit('B1', reflecting(2))]),
    )
      .when(turn({ red: [attack('R1', 'B1')] }), collectGarbage(), turn({ blue: [attack('B1', 'R1')] }))
      .run()
      .andCount(event('CommandBudgetSpent'), 2);
  });

  it('T3 [A]: a player gives at most RULES_OPTIONS.attackOrdersPerTurn attack orders a turn', () => {
    const limit = RULES_OPTIONS.attackOrdersPerTurn;
    const groups = Math.ceil((limit + 1) / 8);
    let board = game().group('B', 'blue', [recruit('V', { hp: 1000 })]);
    for (let g = 0; g < groups; g++) {
      board = board.group(
        `R${g}`,
        'red',
        Array.from({ length: 8 }, (_, m) => recruit(`R${g}x${m}`)),
      );
    }
    const attackers = Array.from({ length: limit }, (_, i) => `R${Math.floor(i / 8)}x${i % 8}`);
    given(board, orders('red', ...attackers.map((id) => attack(id, 'V'))))
      .when(orderAttack('red', `R${Math.floor(limit / 8)}x${limit % 8}`, 'V'))
      .thenRejected({ kind: 'rule', rule: 'T3', reason: `${limit} attack orders` });
  });
});
