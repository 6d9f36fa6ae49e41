import { runScenario } from '../src';
import {
  adjudicate,
  attack,
  cast,
  collectGarbage,
  confirm,
  event,
  game,
  given,
  orderAttack,
  recruit,
  rederived,
  resign,
  spell,
  targetSpell,
  turn,
  wholeTurn,
} from '../src/testing';

const bolt = spell('bolt', { effects: [{ damage: { amount: 3, magical: true } }] });

const board = () =>
  game()
    .spells(bolt)
    .hand('red', 'bolt')
    .group('R', 'red', [recruit('R1', { hp: 9 }), recruit('R2', { hp: 9 })])
    .group('B', 'blue', [recruit('B1', { hp: 9 }), recruit('B2', { hp: 9 })]);

const ended = (turnNumber: number, text: string) => ({
  kind: 'phase' as const,
  rule: 'A',
  reason: `the game has ended: ${text}, turn ${turnNumber})`,
});

describe('The end of a game [A]', () => {
  describe('A: resignation', () => {
    it('A: a player resigns in the orders phase: the other side wins, and nothing more is played', () => {
      const outcome = given(board())
        .when(targetSpell('red', 'bolt', { minion: 'B1' }), resign('blue'))
        .thenConsecutive(
          event('PlayerResigned', { player: 'blue' }, { rule: 'A', turn: 1, phase: 'orders' }),
          event('GameEnded', { winner: 'red', reason: 'resignation', turn: 1 }, { rule: 'A', phase: 'orders' }),
        );
      expect(outcome.find(event('GameEnded')).data).toEqual({
        winner: 'red',
        reason: 'resignation',
        turn: 1,
        ruling: null,
        standings: null,
      });
      expect(outcome.state.result).toEqual({ winner: 'red', reason: 'resignation', turn: 1 });
      // The GameEnded is caused by the resignation, which is the command's first event.
      const [resigned, end] = outcome.events.slice(-2);
      expect(end?.metadata.causationId).toBe(resigned?.metadata.eventId);
      expect(outcome.types()).toEqual(['SpellTargeted', 'PlayerResigned', 'GameEnded']);

      const after = outcome.history;
      const refusal = ended(1, 'red wins (blue resigned');
      given(after)
        .when(orderAttack('red', 'R1', 'B1'))
        .thenRejected(refusal);
      given(after)
        .when(targetSpell('red', 'bolt', { minion: 'B2' }))
        .thenRejected(refusal);
      given(after).when(confirm('red')).thenRejected(refusal);
      given(after).when(confirm('blue')).thenRejected(refusal);
      given(after).when(resign('red')).thenRejected(refusal);
      given(after).when(adjudicate('blue', 'replayed')).thenRejected(refusal);
      // No turn was executed: nothing is due to be collected.
      given(after).when(collectGarbage(1)).thenRejected({ kind: 'phase', rule: 'T1' });
    });

    it('A: a resignation between a turn and its collection: what is due is still collected, no next turn starts', () => {
      const outcome = given(board(), wholeTurn())
        .when(turn({ red: [cast('bolt', { minion: 'B1' })], blue: [attack('B2', 'R1')] }), resign('red'))
        .then(
          event('TurnEnded', { turn: 2 }),
          event('GarbageCollectionScheduled', { turn: 2 }),
          event('PlayerResigned', { player: 'red' }, { turn: 2, phase: 'garbageCollection' }),
          event('GameEnded', { winner: 'blue', reason: 'resignation', turn: 2 }),
        );
      expect(outcome.state).toMatchObject({ turn: 2, pendingCollection: 2, result: { winner: 'blue' } });
      const collected = given(outcome.history)
        .when(collectGarbage(2))
        .then(event('GarbageCollected', { turn: 2 }))
        .andNot(event('TurnStarted'), event('OrdersPhaseStarted'));
      expect(collected.types()).toEqual(['GarbageCollected']);
      expect(collected.state).toMatchObject({ turn: 2, pendingCollection: null });
      given(collected.history).when(collectGarbage(2)).thenRejected({ kind: 'phase', rule: 'T1' });
      given(collected.history)
        .when(orderAttack('blue', 'B2', 'R1'))
        .thenRejected(ended(2, 'blue wins (red resigned'));
    });

    it('A: a resignation names a player: anything else is refused naming the field', () => {
      given(board())
        .when({ type: 'Resign', data: { player: 'green' as never } })
        .thenRejected({ kind: 'invalid', field: 'player' });
    });
  });

  describe('A: the organiser’s adjudication', () => {
    it('A: the organiser rules a winner, or a draw, in its own words', () => {
      const won = given(board(), wholeTurn())
        .when(adjudicate('blue', 'red did not show up for turn 2'))
        .thenConsecutive(
          event('ResultAdjudicated', { winner: 'blue', reason: 'red did not show up for turn 2' }, { rule: 'A' }),
          event('GameEnded', { winner: 'blue', reason: 'adjudication', turn: 2 }, { rule: 'A' }),
        );
      expect(won.find(event('GameEnded')).data.ruling).toBe('red did not show up for turn 2');
      const drawn = given(board()).when(adjudicate(null, 'both agreed to a draw')).run();
      expect(drawn.state.result).toEqual({ winner: null, reason: 'adjudication', turn: 1 });
      given(drawn.history).when(confirm('red')).thenRejected(ended(1, 'a draw (the organiser’s adjudication'));
    });

    it('A: a winner that is no side, an empty or overlong reason are refused naming the field, and change nothing', () => {
      given(board())
        .when({ type: 'AdjudicateResult', data: { winner: 'neutral' as never, reason: 'x' } })
        .thenRejected({ kind: 'invalid', field: 'winner' });
      given(board()).when(adjudicate('red', '  ')).thenRejected({ kind: 'invalid', field: 'reason' });
      given(board())
        .when(adjudicate('red', 'x'.repeat(501)))
        .thenRejected({ kind: 'invalid', field: 'reason', reason: '1 to 500 characters' });
      given(board())
        .when(adjudicate('red', 'x'.repeat(500)))
        .then(event('GameEnded'));
    });
  });

  describe('A: the turn limit and its tie-break', () => {
    it('A: at the end of the limit turn the game ends; its collection still runs, and no turn starts', () => {
      const outcome = given(board().turnLimit(2), wholeTurn({ red: [cast('bolt', { minion: 'B1' })] }))
        .when(turn({ blue: [attack('B2', 'R1')] }))
        .thenConsecutive(
          event('TurnEnded', { turn: 2 }),
          event('GameEnded', { reason: 'turn-limit', turn: 2 }, { rule: 'A', phase: 'endOfTurn' }),
          event('GarbageCollectionScheduled', { turn: 2 }),
        );
      // Red: 9 + 7 HP (blue's swordsman hit R1 for 2); blue: 6 + 9 (the bolt hit B1 for 3).
      expect(outcome.find(event('GameEnded')).data).toEqual({
        winner: 'red',
        reason: 'turn-limit',
        turn: 2,
        ruling: null,
        standings: { red: { minions: 2, hp: 16 }, blue: { minions: 2, hp: 15 } },
      });
      const collected = given(outcome.history).when(collectGarbage()).run();
      expect(collected.types()).toEqual(['GarbageCollected']);
      given(collected.history).when(confirm('red')).thenRejected(ended(2, 'red wins (the turn limit was reached'));
    });

    it('A: turns before the limit go on as ever', () => {
      given(board().turnLimit(2))
        .when(wholeTurn())
        .then(event('TurnStarted', { turn: 2 }))
        .andNot(event('GameEnded'));
    });

    it('A: the tie-break: total HP of the living minions first, then how many live, else a draw', () => {
      const hp = given(
        game()
          .turnLimit(1)
          .group('R', 'red', [recruit('R1', { hp: 4 }), recruit('R2', { hp: 4 })])
          .group('B', 'blue', [recruit('B1', { hp: 9 })]),
      )
        .when(turn())
        .run();
      expect(hp.find(event('GameEnded')).data).toMatchObject({
        winner: 'blue',
        standings: { red: { minions: 2, hp: 8 }, blue: { minions: 1, hp: 9 } },
      });
      const count = given(
        game()
          .turnLimit(1)
          .group('R', 'red', [recruit('R1', { hp: 4 }), recruit('R2', { hp: 4 })])
          .group('B', 'blue', [recruit('B1', { hp: 8 })]),
      )
        .when(turn())
        .run();
      expect(count.find(event('GameEnded')).data.winner).toBe('red');
      const draw = given(
        game()
          .turnLimit(1)
          .group('R', 'red', [recruit('R1', { hp: 5 })])
          .group('B', 'blue', [recruit('B1', { hp: 5 })]),
      )
        .when(turn())
        .run();
      expect(draw.find(event('GameEnded')).data.winner).toBeNull();
      expect(draw.state.result).toEqual({ winner: null, reason: 'turn-limit', turn: 1 });
    });

    it('A: the dead count for nothing: a side whose minions all died loses at the limit', () => {
      const outcome = given(
        game()
          .spells(bolt)
          .hand('red', 'bolt')
          .turnLimit(1)
          .group('R', 'red', [recruit('R1', { hp: 2 })])
          .group('B', 'blue', [recruit('B1', { hp: 3 })]),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .then(event('MinionDied', { minionId: 'B1' }), event('GameEnded', { winner: 'red' }));
      expect(outcome.find(event('GameEnded')).data.standings).toEqual({
        red: { minions: 1, hp: 2 },
        blue: { minions: 0, hp: 0 },
      });
    });

    it('A: a turn limit is a whole number from 1, recorded in GameCreated only when given', () => {
      for (const limit of [0, 1.5, -1, 1_000_001]) {
        given([])
          .when({ type: 'CreateGame', data: { gameId: 'test', setup: board().turnLimit(limit).build() } })
          .thenRejected({ kind: 'invalid', field: 'turnLimit' });
      }
      const limited = given(board().turnLimit(3)).events[0];
      expect(limited?.type === 'GameCreated' && limited.data.turnLimit).toBe(3);
      const unlimited = given(board()).events[0];
      expect(unlimited?.data).not.toHaveProperty('turnLimit');
      expect(given(board()).state.turnLimit).toBeNull();
    });
  });

  it('A: every ending re-derives from its input events (what the audit re-simulates)', () => {
    const games = [
      given(board(), wholeTurn()).when(resign('red')).run().history,
      given(board(), wholeTurn()).when(adjudicate(null, 'a power cut')).run().history,
      given(board().turnLimit(1), wholeTurn({ red: [cast('bolt', { minion: 'B2' })] }))
        .when()
        .run().history,
    ];
    for (const events of games) {
      expect(rederived(events)).toEqual(events);
      expect(events.some((candidate) => candidate.type === 'GameEnded')).toBe(true);
    }
  });

  describe('A: scenario files end games too', () => {
    const setup = () => ({ ...board().build(), name: 'ends' });

    it('A: a turn may end with a resignation or a ruling instead of the confirmations', () => {
      const resigned = runScenario({
        ...setup(),
        turns: [{ orders: { red: [{ cast: 'bolt', target: { minion: 'B1' } }] } }, { orders: {}, resign: 'blue' }],
      });
      expect(resigned.events.slice(-2).map((e) => e.type)).toEqual(['PlayerResigned', 'GameEnded']);
      expect(resigned.events.at(-2)?.metadata.commandId).toBe('turn-2/blue/resign');
      expect(resigned.state.result).toEqual({ winner: 'red', reason: 'resignation', turn: 2 });

      const ruled = runScenario({
        ...setup(),
        turns: [{ orders: {}, result: { winner: null, reason: 'time is up' } }],
      });
      expect(ruled.events.at(-1)?.data).toMatchObject({ winner: null, reason: 'adjudication', ruling: 'time is up' });
      expect(ruled.events.at(-2)?.metadata.commandId).toBe('turn-1/result');
    });

    it('A: a turn after the end is refused, naming its place', () => {
      expect(() =>
        runScenario({ ...setup(), turns: [{ orders: {}, resign: 'red' }, { orders: { red: [] } }] }),
      ).toThrow(/turns\[1\].*the game has ended: blue wins \(red resigned, turn 1\)/);
    });

    it('A: a set-up turn limit ends a scenario at its limit turn, collected', () => {
      const run = runScenario({ ...setup(), turnLimit: 1, turns: [{ orders: {} }] });
      expect(run.events.slice(-4).map((e) => e.type)).toEqual([
        'TurnEnded',
        'GameEnded',
        'GarbageCollectionScheduled',
        'GarbageCollected',
      ]);
      expect(run.state.result).toEqual({ winner: null, reason: 'turn-limit', turn: 1 });
    });
  });
});
