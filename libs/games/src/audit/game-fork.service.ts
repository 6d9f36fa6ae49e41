import { EventStore, WrongExpectedRevisionError } from '@app/event-store';
import { startsCommand } from '@app/rules';
import { Injectable } from '@nestjs/common';
import { GameAlreadyExistsError, GamePointNotFoundError } from '../games.errors';
import { gameStream } from '../game-stream';
import { drawChainSecret } from '../recording/draw-chain-secret';
import { type GameEventLine } from '../recording/game-event-line';
import { gameEventPages, gameEvents } from '../loading/game-events.reader';
import { forkEvents } from './fork-events';
import { ForkRefusedError } from './fork-refused.error';
import { HashChainCheck } from '@app/verifier';
import { AUDIT_PAGE_SIZE } from './stored-game.audit';
import { lastRevisionOf } from '../loading/last-revision.query';

export interface ForkOutcome {
  gameId: string;
  forkedFrom: string;
  forkedAt: number;
  /** The new game's last revision (= forkedAt: the copy keeps the origin's revisions). */
  revision: number;
}

/** Whether the event at `index` of `events` is the last of its command (none there counts as an end). */
function endsCommandAt(events: readonly GameEventLine[], index: number): boolean {
  const event = events[index];
  return event === undefined || commandBoundary(event, events[index + 1]);
}

/** Whether `next` starts another command than `last`'s (so a game may stop between them). */
function commandBoundary(last: GameEventLine, next: GameEventLine | undefined): boolean {
  return next === undefined || startsCommand(next) || next.metadata.commandId !== last.metadata.commandId;
}

/**
 * `POST /games/:id/fork?at=REVISION` (docs/design.md): a new game whose stream starts with the origin's events
 * 0..REVISION, re-keyed to the new game and linked to the origin (see forkEvents), written in one atomic append;
 * from then on an ordinary game. A fork point must end a command: a game stopped half-way through a command's
 * events would be in a state the engine never leaves a game in (and would not audit clean). The origin's chain is
 * checked on the way: copying re-chains the events, so copying a broken chain would launder it.
 */
@Injectable()
export class GameForkService {
  constructor(private readonly store: EventStore) {}

  async fork(originId: string, newId: string, at?: number): Promise<ForkOutcome> {
    const last = await lastRevisionOf(this.store, originId);
    const forkedAt = at ?? last;
    if (!Number.isInteger(forkedAt) || forkedAt < 0 || forkedAt > last) {
      throw new GamePointNotFoundError(
        originId,
        `game ${originId} has revisions 0 to ${last}; there is no revision ${forkedAt}`,
      );
    }
    // Checked first so a taken id is reported as such; the append's 'no-stream' still settles a race.
    if (newId === originId || (await this.store.streamRevision(gameStream(newId))) !== null) {
      throw new GameAlreadyExistsError(newId);
    }
    const { copied, next } = await this.readPrefix(originId, forkedAt);
    await this.assertCommandBoundary(originId, copied, next);
    if (copied.at(-1)?.type === 'GameRecordPublished') {
      // The publication is the organiser's decision about the origin's record [A]: a copy would make the fork's
      // record (its own chain secret included) public without anyone deciding it.
      throw new ForkRefusedError(
        originId,
        `revision ${forkedAt} publishes game ${originId}'s record, which is the origin's to publish, not a fork's: ` +
          `fork at ${forkedAt - 1}`,
      );
    }
    const events = forkEvents(copied, newId, { forkedFrom: originId, forkedAt }, drawChainSecret());
    try {
      const appended = await this.store.append(gameStream(newId), events, 'no-stream');
      return { gameId: newId, forkedFrom: originId, forkedAt, revision: appended.lastRevision };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new GameAlreadyExistsError(newId);
      throw error;
    }
  }

  /** Events 0..at, checking their chain, plus the one after (to see whether `at` ends a command). */
  private async readPrefix(originId: string, at: number): Promise<{ copied: GameEventLine[]; next?: GameEventLine }> {
    const chain = new HashChainCheck(originId);
    const copied: GameEventLine[] = [];
    let next: GameEventLine | undefined;
    for await (const page of gameEventPages(this.store, originId, { maxCount: at + 2, pageSize: AUDIT_PAGE_SIZE })) {
      for (const event of page) {
        if (copied.length > at) {
          next = event;
          break;
        }
        chain.push(event);
        copied.push(event);
      }
    }
    const verdict = chain.verdict();
    if (!verdict.intact || copied.length !== at + 1) {
      throw new ForkRefusedError(
        originId,
        `game ${originId} cannot be forked at ${at}: its hash chain is broken (${verdict.detail ?? 'events are missing'}); audit it first`,
      );
    }
    return { copied, next };
  }

  private async assertCommandBoundary(
    originId: string,
    copied: GameEventLine[],
    next: GameEventLine | undefined,
  ): Promise<void> {
    const at = copied.length - 1;
    const last = copied[at];
    if (last === undefined || commandBoundary(last, next)) return;
    let start = at;
    while (start > 0 && !endsCommandAt(copied, start - 1)) start -= 1;
    let end = at;
    let previous = last;
    for await (const event of gameEvents(this.store, originId, { from: at + 1 })) {
      if (commandBoundary(previous, event)) break;
      end = event.revision;
      previous = event;
    }
    const points = start > 0 ? `${start - 1} or ${end}` : `${end}`;
    throw new ForkRefusedError(
      originId,
      `revision ${at} is in the middle of command ${String(last.metadata.commandId)} (revisions ${start} to ` +
        `${end}): a fork point must end a command; fork at ${points}`,
    );
  }
}
