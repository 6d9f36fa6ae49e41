import { type Command, type CommandDataMap, type CommandType, type GameState, execute, initialState } from '@app/rules';
import { GameBuilder, recruit, spell } from '@app/rules/testing';
import type { StoredGameEvent } from '../recording/stored-game-event';
import { type CommandRecord, CommandOutcomeError, commandOutcome } from './command-outcome';

const GAME_ID = 'outcomes';

/**
 * A game played on the pure engine, each command's events numbered on from the last as the store would number
 * them: the record GameCommandService hands commandOutcome, without the store.
 */
class PlayedGame {
  private state: GameState = initialState();
  private revision = -1;
  private commands = 0;
  /** The creation's own record. */
  readonly created: CommandRecord;

  constructor(turnLimit?: number) {
    const builder = new GameBuilder()
      .spells(spell('bolt', { effects: [{ damage: { amount: 1, magical: true } }] }), spell('mend'))
      .hand('red', 'bolt', 'mend')
      .group('R', 'red', [recruit('R1'), recruit('R2')])
      .group('B', 'blue', [recruit('B1', { hp: 1 })]);
    const setup = (turnLimit === undefined ? builder : builder.turnLimit(turnLimit)).build();
    this.created = this.run('CreateGame', { gameId: GAME_ID, setup });
  }

  run<K extends CommandType>(type: K, data: CommandDataMap[K]): CommandRecord {
    this.commands += 1;
    const command = { type, data, metadata: { commandId: `c${this.commands}` } } as Command;
    const decision = execute(this.state, command);
    this.state = decision.state;
    const events: StoredGameEvent[] = decision.events.map((event) => ({ revision: (this.revision += 1), ...event }));
    return {
      gameId: GAME_ID,
      events,
      revision: this.revision,
      state: decision.state,
      resultAtRevision: decision.state.result,
    };
  }

  /** Both players confirm: the turn executes; answers the second confirmation's record. */
  executeTurn(): CommandRecord {
    this.run('ConfirmOrders', { player: 'red' });
    return this.run('ConfirmOrders', { player: 'blue' });
  }
}

describe('commandOutcome: what a command did, read from the events it recorded', () => {
  it('answers a creation with its record, the game id and revision, once its GameCreated is there', () => {
    const { created } = new PlayedGame();
    expect(created.events[0]?.type).toBe('GameCreated');
    expect(commandOutcome('CreateGame', created)).toEqual({ ...created, type: 'CreateGame' });
  });

  it.each([
    ['TargetSpell', 'SpellTargeted', { player: 'red', spell: 'bolt', target: { minion: 'B1' } }],
    ['OrderAttack', 'AttackOrdered', { player: 'red', attackerId: 'R1', victimId: 'B1' }],
    ['DiscardSpell', 'CardDiscarded', { player: 'red', spell: 'mend' }],
  ] as const)('gives the id the game gave a %s order (its %s)', (type, placed, data) => {
    const game = new PlayedGame();
    const record = game.run(type, data);
    const outcome = commandOutcome(type, record);
    const event = record.events.find((line) => line.type === placed);
    expect(event?.type).toBe(placed);
    expect(outcome.orderId).toBe(event?.type === placed ? event.data.orderId : undefined);
    expect(outcome).toMatchObject({ type, gameId: GAME_ID, revision: record.revision, events: record.events });
    // The id is the one the game knows the order by: cancelling it names it back.
    const cancelled = commandOutcome(
      'CancelOrder',
      game.run('CancelOrder', { player: 'red', orderId: outcome.orderId }),
    );
    expect(cancelled.cancelledOrderId).toBe(outcome.orderId);
  });

  it('gives the order a cancellation took back, whichever kind it was (SpellUntargeted, DiscardCancelled, AttackCancelled)', () => {
    const game = new PlayedGame();
    const cast = commandOutcome(
      'TargetSpell',
      game.run('TargetSpell', { player: 'red', spell: 'bolt', target: { minion: 'B1' } }),
    );
    const discard = commandOutcome('DiscardSpell', game.run('DiscardSpell', { player: 'red', spell: 'mend' }));
    const attack = commandOutcome(
      'OrderAttack',
      game.run('OrderAttack', { player: 'red', attackerId: 'R2', victimId: 'B1' }),
    );
    const types: string[] = [];
    for (const orderId of [attack.orderId, cast.orderId, discard.orderId]) {
      const record = game.run('CancelOrder', { player: 'red', orderId });
      types.push(record.events[0]?.type ?? '');
      expect(commandOutcome('CancelOrder', record).cancelledOrderId).toBe(orderId);
    }
    expect(types).toEqual(['AttackCancelled', 'SpellUntargeted', 'DiscardCancelled']);
  });

  it('gives the turn a confirmation executed: none for the first, the turn for the second (T2)', () => {
    const game = new PlayedGame();
    const first = commandOutcome('ConfirmOrders', game.run('ConfirmOrders', { player: 'red' }));
    expect(first).toMatchObject({ type: 'ConfirmOrders', executedTurn: null, result: null });
    const second = game.run('ConfirmOrders', { player: 'blue' });
    expect(commandOutcome('ConfirmOrders', second)).toMatchObject({ executedTurn: 1, result: null });
    expect(second.state.turn).toBe(1);
  });

  it('gives the result when executing the turn ended the game at its turn limit [A]', () => {
    const game = new PlayedGame(1);
    const record = game.executeTurn();
    const outcome = commandOutcome('ConfirmOrders', record);
    expect(outcome.executedTurn).toBe(1);
    expect(outcome.result).toEqual({ winner: 'red', reason: 'turn-limit', turn: 1 });
    expect(outcome.result).toEqual(record.state.result);
  });

  it('gives the turn a garbage collection collected, the minions it deleted and the turn that started (T1)', () => {
    const game = new PlayedGame();
    game.run('OrderAttack', { player: 'red', attackerId: 'R1', victimId: 'B1' });
    game.executeTurn();
    const outcome = commandOutcome('CollectGarbage', game.run('CollectGarbage', { turn: 1 }));
    expect(outcome).toMatchObject({ collectedTurn: 1, collectedMinionIds: ['B1'], startedTurn: 2 });
  });

  it('gives no next turn for a collection after the game ended', () => {
    const game = new PlayedGame(1);
    game.executeTurn();
    const outcome = commandOutcome('CollectGarbage', game.run('CollectGarbage', { turn: 1 }));
    expect(outcome).toMatchObject({ collectedTurn: 1, collectedMinionIds: [], startedTurn: null });
  });

  it('gives the result of a resignation and of a ruling, as the state records it [A]', () => {
    const resigned = new PlayedGame().run('Resign', { player: 'red' });
    expect(commandOutcome('Resign', resigned).result).toEqual({ winner: 'blue', reason: 'resignation', turn: 1 });
    expect(commandOutcome('Resign', resigned).result).toEqual(resigned.state.result);
    const ruled = new PlayedGame().run('AdjudicateResult', { winner: null, reason: 'both sides agreed' });
    expect(commandOutcome('AdjudicateResult', ruled).result).toEqual({ winner: null, reason: 'adjudication', turn: 1 });
  });

  it('answers a publication of the record with its record, once its GameRecordPublished is there [A]', () => {
    const game = new PlayedGame();
    const ruled = game.run('AdjudicateResult', { winner: 'red', reason: 'blue left' });
    const published = game.run('PublishRecord', {});
    expect(commandOutcome('PublishRecord', published)).toEqual({ ...published, type: 'PublishRecord' });
    expect(() => commandOutcome('PublishRecord', ruled)).toThrow('hold no GameRecordPublished');
  });

  describe('a command whose events lack the one its outcome is read from', () => {
    it('is a CommandOutcomeError naming the game, the command, the revisions and the event, never an undefined field', () => {
      const game = new PlayedGame();
      const confirmed = game.run('ConfirmOrders', { player: 'red' });
      const read = () => commandOutcome('TargetSpell', confirmed);
      expect(read).toThrow(CommandOutcomeError);
      expect(read).toThrow(
        `game ${GAME_ID}: the events of TargetSpell (revision ${confirmed.revision}) hold no SpellTargeted`,
      );
    });

    it('names every event that would have done, and the range of revisions', () => {
      const game = new PlayedGame();
      game.run('ConfirmOrders', { player: 'red' });
      const executed = game.run('ConfirmOrders', { player: 'blue' });
      const first = executed.events[0]?.revision;
      expect(() => commandOutcome('CancelOrder', executed)).toThrow(
        `the events of CancelOrder (revisions ${first}–${executed.revision}) hold no SpellUntargeted or ` +
          'DiscardCancelled or AttackCancelled',
      );
    });

    it('reports a command that recorded nothing at all', () => {
      const record: CommandRecord = {
        gameId: GAME_ID,
        events: [],
        revision: 3,
        state: initialState(),
        resultAtRevision: null,
      };
      expect(() => commandOutcome('Resign', record)).toThrow(
        `game ${GAME_ID}: the events of Resign (no events) hold no GameEnded`,
      );
    });

    it('is required of every command whose outcome has one: a resignation without its GameEnded', () => {
      const resigned = new PlayedGame().run('Resign', { player: 'blue' });
      const cut = { ...resigned, events: resigned.events.filter((event) => event.type !== 'GameEnded') };
      expect(cut.events.map((event) => event.type)).toEqual(['PlayerResigned']);
      expect(() => commandOutcome('Resign', cut)).toThrow(CommandOutcomeError);
      expect(() => commandOutcome('CreateGame', cut)).toThrow('hold no GameCreated');
      expect(() => commandOutcome('CollectGarbage', cut)).toThrow('hold no GarbageCollected');
      expect(() => commandOutcome('ConfirmOrders', cut)).toThrow('hold no OrdersConfirmed');
    });
  });
});
