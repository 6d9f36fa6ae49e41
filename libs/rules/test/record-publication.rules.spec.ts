import {
  adjudicate,
  attack,
  collectGarbage,
  confirm,
  event,
  game,
  given,
  publishRecord,
  recruit,
  rederived,
  resign,
  turn,
  wholeTurn,
} from '../src/testing';

const board = () =>
  game()
    .group('R', 'red', [recruit('R1', { hp: 9 })])
    .group('B', 'blue', [recruit('B1', { hp: 9 })]);

describe('Publishing a finished game’s record [A]', () => {
  it('A: once the game has ended, the organiser publishes its record: one event, the game’s last', () => {
    const outcome = given(board(), wholeTurn())
      .when(resign('blue'), publishRecord())
      .thenConsecutive(
        event('GameEnded', { winner: 'red', reason: 'resignation' }),
        event('GameRecordPublished', {}, { rule: 'A', turn: 2, phase: 'orders' }),
      );
    const published = outcome.events.at(-1);
    expect(published?.data).toEqual({});
    // It opens a command of its own: re-simulation rebuilds it from the event, as every input event.
    expect(published?.metadata.causationId).toBe(published?.metadata.commandId);
    expect(outcome.state.recordPublished).toBe(true);
    expect(rederived(outcome.history)).toEqual(outcome.history);
  });

  it('A: a game that goes on is refused (a rule, naming the turn), and nothing is recorded', () => {
    given(board()).when(publishRecord()).thenRejected({
      kind: 'rule',
      rule: 'A',
      reason: "only a finished game's record may be published: the game goes on (turn 1, orders phase)",
    });
    // A game never published has no trace of publication in its state (nor in snapshots of it).
    const unpublished = given(board(), wholeTurn()).when(resign('red')).run();
    expect(unpublished.state).not.toHaveProperty('recordPublished');
  });

  it('A: a second publication is refused: the record is already public, and it stays the last event', () => {
    const once = given(board()).when(adjudicate(null, 'a power cut'), publishRecord()).run();
    given(once.history)
      .when(publishRecord())
      .thenRejected({ kind: 'phase', rule: 'A', reason: 'the record of this game is already public: a draw' });
    // Nothing is played after the end, publication or not.
    given(once.history).when(confirm('red')).thenRejected({ kind: 'phase', rule: 'A' });
    given(once.history).when(resign('red')).thenRejected({ kind: 'phase', rule: 'A' });
  });

  it('A: while the collection already due has not run, publishing waits for it', () => {
    const ended = given(board().turnLimit(1))
      .when(turn({ blue: [attack('B1', 'R1')] }))
      .then(event('GameEnded', { reason: 'turn-limit' }), event('GarbageCollectionScheduled', { turn: 1 }));
    given(ended.history).when(publishRecord()).thenRejected({
      kind: 'phase',
      rule: 'A',
      reason: 'the garbage collection of turn 1 is still due: the record is published once it has run',
    });
    const collected = given(ended.history).when(collectGarbage(), publishRecord()).run();
    expect(collected.types()).toEqual(['GarbageCollected', 'GameRecordPublished']);
    expect(rederived(collected.history)).toEqual(collected.history);
  });
});
