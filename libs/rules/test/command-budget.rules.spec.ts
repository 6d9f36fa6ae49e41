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
import { minionAt } from '../src';

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
      .andState((state) => expect(minionAt(state, 'B2').hp).toBe(9));
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
      .andState((state) => expect(minionAt(state, 'R2').hp).toBe(9));
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

describe('A: the new hooks and actions stay bounded (depth limit and command budget)', () => {
  it('A: two terrains that move a group back and forth as it enters stop at the trigger depth (TriggerDepthExceeded), and the turn completes', () => {
    const ping = { key: 'ping', name: 'Ping', triggers: [{ on: 'groupEnters' as const, do: { move: { to: 'P2' } } }] };
    const pong = { key: 'pong', name: 'Pong', triggers: [{ on: 'groupEnters' as const, do: { move: { to: 'P1' } } }] };
    const march = spell('march', {
      house: 'war',
      target: { kind: 'group', side: 'friendly' },
      effects: [{ move: { to: 'P1' } }],
    });
    given(
      game()
        .spells(march)
        .hand('red', 'march')
        .terrains(ping, pong)
        .square('P1', 'ping')
        .square('P2', 'pong')
        .group('R', 'red', [recruit('R1')], 'A1'),
    )
      .when(turn({ red: [cast('march', { group: 'R' })] }))
      .then(
        event('GroupMoved', { groupId: 'R', to: 'P1' }),
        event('TriggerDepthExceeded', { depth: RULES_OPTIONS.maxTriggerDepth + 1 }, { rule: 'A' }),
        event('TurnEnded'),
      )
      .andCount(event('TerrainEffectTriggered'), RULES_OPTIONS.maxTriggerDepth);
  });

  it('A: "hits" effects do not feed themselves (their extra damage is no blow), and eight combat rounds of them stay within the budget', () => {
    const hits: Trigger = { on: 'hits', do: { damage: { amount: 0 } } };
    const fourHits = { hp: 1000, traits: [hits, hits, hits, hits] };
    const once = given(
      game()
        .group('R', 'red', [recruit('R1', fourHits)])
        .group('B', 'blue', [recruit('B1', fourHits)]),
    )
      .when(turn({ red: [attack('R1', 'B1')] }))
      .run()
      .andCount(event('HitsEffectTriggered'), 4)
      .andCount(event('MinionHit'), 5);
    expect(once.findAll(event('HitsEffectTriggered')).every((e) => e.data.attackerId === 'R1')).toBe(true);
    const attackers = Array.from({ length: 8 }, (_, i) => recruit(`R${i}`, fourHits));
    const victims = Array.from({ length: 8 }, (_, i) => recruit(`B${i}`, fourHits));
    const outcome = given(game().rules({ combatRounds: 8 }).group('R', 'red', attackers).group('B', 'blue', victims))
      .when(turn({ red: attackers.map((minion, i) => attack(minion.id, `B${i}`)) }))
      .then(event('CommandBudgetSpent'), event('AttackFizzled', { reason: 'budget-spent' }), event('TurnEnded'))
      .andCount(event('CommandBudgetSpent'), 1);
    const executing = outcome.events.filter((e) => e.metadata.commandId === outcome.events.at(-1)!.metadata.commandId);
    expect(executing.length).toBeLessThan(BUDGET + 100);
  });

  it("A: whenDispelled hooks that dispel each other, and combat rounds, all stay within one command's budget", () => {
    const echo = spell('echo', {
      type: 'alteration',
      house: 'mind',
      target: { kind: 'group' },
      cumulative: true,
      triggers: [{ on: 'whenDispelled', do: { dispel: { which: 'all' } } }],
    });
    const cleanse = spell('cleanse', {
      house: 'hope',
      target: { kind: 'group' },
      effects: [{ dispel: { which: 'all' } }],
    });
    const outcome = given(
      game()
        .spells(echo, cleanse)
        .hand('red', 'cleanse')
        .rules({ combatRounds: 8 })
        .activeSpell('E1', 'echo', 'blue', { group: 'B' })
        .activeSpell('E2', 'echo', 'blue', { group: 'B' })
        .group('R', 'red', [recruit('R1', reflecting(3))])
        .group('B', 'blue', [recruit('B1', reflecting(3))]),
    )
      .when(turn({ red: [cast('cleanse', { group: 'B' }), attack('R1', 'B1')] }))
      .then(
        event('SpellDispelled', { activeSpellId: 'E1', reason: 'dispelled' }),
        event('SpellHookTriggered', { hook: 'whenDispelled', by: { activeSpellId: 'E1' } }),
        event('SpellDispelled', { activeSpellId: 'E2', reason: 'dispelled' }),
        event('TurnEnded'),
      )
      .andCount(event('SpellDispelled'), 2);
    const executing = outcome.events.filter((e) => e.metadata.commandId === outcome.events.at(-1)!.metadata.commandId);
    expect(executing.length).toBeLessThan(BUDGET + 50);
  });
});
