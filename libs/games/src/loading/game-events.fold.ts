import { DamagedEventError, type EventStore } from '@app/event-store';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sliceSpent } from '../event-loop.slice';
import { gameStream } from '../game-stream';
import type { StoredGameEvent } from '../recording/stored-game-event';
import { type GameStreamRange, RevisionSequence } from './game-events.reader';

/** A projection of a game's events (Emmett's `{initialState, evolve}`): a state and how one more event changes it. */
export interface GameProjection<S> {
  initial: () => S;
  /** The state after one more event; it may change `state` in place and return it. */
  evolve: (state: S, event: StoredGameEvent) => S;
}

/** Where a fold ends: its state, and the last revision folded (the one before `from` when there was none). */
export interface GameFold<S> {
  state: S;
  revision: number;
  /** The last event folded, if any. */
  last: StoredGameEvent | undefined;
}

export interface GameFoldOptions<S> extends Omit<GameStreamRange, 'direction'> {
  /** Fold onto this state (the state after revision `from` − 1) instead of the projection's initial one. */
  onto?: S;
}

/**
 * Folds a game's events, read page by page through the store boundary, into a projection — the one way the games
 * layer turns a stream into a state (Emmett's `aggregateStream` is the model). Nothing but the current page and the
 * state is held, whatever the game's length. A stored event the projection cannot take although it has its type's
 * shape (it names a minion no earlier event created, …) was changed outside the service like any damaged one: a
 * DamagedEventError names it, and the fold stops there.
 *
 * A long fold lets the event loop turn whenever the work since it last turned passes a slice (event-loop.slice.ts):
 * preparing a viewer of a long game, or a state far into it, then holds up no other request for long, and a short
 * one (the usual command or time-travel read) never waits.
 */
export async function foldGameEvents<S>(
  store: EventStore,
  gameId: string,
  projection: GameProjection<S>,
  options: GameFoldOptions<S> = {},
): Promise<GameFold<S>> {
  const stream = gameStream(gameId);
  const from = options.from ?? 0;
  const range: GameStreamRange = { from, maxCount: options.maxCount, pageSize: options.pageSize };
  const revisions = new RevisionSequence(stream, range);
  let state = options.onto ?? projection.initial();
  let last: StoredGameEvent | undefined;
  let folded = 0;
  for await (const page of store.readStreamPages(stream, range)) {
    for (const recorded of page) {
      const event = revisions.next(recorded);
      try {
        state = projection.evolve(state, event);
      } catch (error) {
        throw new DamagedEventError(
          stream,
          recorded.revision,
          recorded.position,
          `it does not follow from the events before it: ${(error as Error)?.message ?? String(error)}`,
          { cause: error },
        );
      }
      last = event;
      // The clock read every few events, not each: a fold step is far shorter than a slice.
      if ((++folded & 63) === 0 && sliceSpent()) await nextTurn();
    }
  }
  return { state, revision: last?.revision ?? from - 1, last };
}
