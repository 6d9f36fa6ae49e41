import { DamagedEventError, type RecordedEvent } from '@app/event-store';
import { loggedHeadOf } from './logged-head.check';
import { HEAD_LOGGED, TOURNAMENT_LOG_STREAM } from './tournament-log.stream';

const head = { gameId: 'g1', revision: 12, hash: 'a'.repeat(64), keyId: 'k1', signature: 's1' };
const { hash: _hash, ...headWithoutHash } = head;

function stored(revision: number, data: unknown, changes: Partial<RecordedEvent> = {}): RecordedEvent {
  return {
    stream: TOURNAMENT_LOG_STREAM,
    revision,
    position: 100 + revision,
    type: HEAD_LOGGED,
    data,
    metadata: {},
    recordedAt: '2026-12-03T00:00:00.000Z',
    ...changes,
  };
}

describe('a stored leaf of the tournament log is checked before it is hashed into the tree', () => {
  it('takes a HeadLogged at its own index holding a signed game head', () => {
    expect(loggedHeadOf(stored(3, { index: 3, head }))).toEqual({ index: 3, head });
  });

  it.each<[string, RecordedEvent, string]>([
    ['an unreadable row', stored(3, null, { damage: 'its data is not valid JSON' }), 'its data is not valid JSON'],
    ['another type', stored(3, { index: 3, head }, { type: 'GameCreated' }), 'a GameCreated is not a leaf of the log'],
    ['data null', stored(3, null), 'data.index is not the leaf'],
    ['an index moved', stored(3, { index: 2, head }), 'data.index is not the leaf'],
    ['no head', stored(3, { index: 3 }), 'data.head: a game head must be a JSON object'],
    ['a head missing its hash', stored(3, { index: 3, head: headWithoutHash }), 'data.head: hash is missing'],
  ])('refuses %s, naming the stored event and why', (_what, event, reason) => {
    expect(() => loggedHeadOf(event)).toThrow(DamagedEventError);
    expect(() => loggedHeadOf(event)).toThrow(`stored event 3 of ${TOURNAMENT_LOG_STREAM}`);
    expect(() => loggedHeadOf(event)).toThrow(reason);
  });
});
