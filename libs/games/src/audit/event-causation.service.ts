import { EventStore } from '@app/event-store';
import { INPUT_EVENT_COMMANDS, isInputEventType } from '@app/rules';
import { Injectable } from '@nestjs/common';
import { GamePointNotFoundError } from '../games.errors';
import { gameEventAt, gameEvents } from '../loading/game-events.reader';
import type { StoredGameEvent } from '../recording/stored-game-event';
import type { CausationLink, EventCausation, OrderLink, ReasonLink } from './event-causation';
import { lastRevisionOf } from '../loading/last-revision.query';

/** The order event each execution event carries out. */
const ORDER_OF_EXECUTION: Record<string, string> = {
  SpellExecuting: 'SpellTargeted',
  AttackExecuting: 'AttackOrdered',
};

/** Events read per step while looking back through a turn for an order. */
const ORDER_SEARCH_PAGE = 200;

/**
 * How many reason links deep a chain is followed: a squander's reason (a death) has a chain of its own, whose links
 * could in principle name reasons again. Two levels cover every chain the engine makes (reasons are deaths,
 * replacements, activations and the budget, which name none).
 */
const REASON_DEPTH = 2;

function linkOf(event: StoredGameEvent): CausationLink {
  const { revision, type, data, metadata } = event;
  return { revision, type, rule: metadata.rule, step: metadata.step ?? null, data };
}

/** The event that made a squander's or a fizzle's reason true, where the event names one. */
function reasonEventIdOf(event: StoredGameEvent): string | null {
  return 'reasonEventId' in event.data ? event.data.reasonEventId : null;
}

/**
 * "Why did this happen?" for organisers: follows `metadata.causationId` from an event back to the first event of
 * the command that caused it (MinionDied ← DeathStarted ← DamageResolved ← … ← SpellExecuting ←
 * SpellExecutionPhaseStarted ← OrdersConfirmed), and links each spell or attack execution on the way to the order
 * it carries out, placed earlier in the same turn, possibly by the other player's command. A squander or a fizzle
 * also leads, by its `data.reasonEventId`, to the event that made its reason true (the MinionDied that made the
 * target dead), with that event's own chain: the causationId of a squander stays its execution.
 */
@Injectable()
export class EventCausationService {
  constructor(private readonly store: EventStore) {}

  async why(gameId: string, revision: number): Promise<EventCausation> {
    const last = await lastRevisionOf(this.store, gameId);
    const event =
      Number.isInteger(revision) && revision >= 0 && revision <= last
        ? await gameEventAt(this.store, gameId, revision)
        : null;
    if (event === null) {
      throw new GamePointNotFoundError(
        gameId,
        `game ${gameId} has revisions 0 to ${last}; there is no event ${revision}`,
      );
    }
    const chain = await this.chainFrom(gameId, event, REASON_DEPTH);
    const first = chain[chain.length - 1];
    return {
      gameId,
      revision,
      chain,
      command: {
        commandId: event.metadata.commandId,
        correlationId: event.metadata.correlationId,
        type: first !== undefined && isInputEventType(first.type) ? INPUT_EVENT_COMMANDS[first.type] : null,
      },
    };
  }

  /** From the event back to the first event of its command, each execution with its order, each reason with its chain. */
  private async chainFrom(gameId: string, event: StoredGameEvent, reasonDepth: number): Promise<CausationLink[]> {
    const chain: CausationLink[] = [];
    let current: StoredGameEvent | null = event;
    while (current !== null) {
      const link = linkOf(current);
      const orderType = ORDER_OF_EXECUTION[current.type];
      if (orderType !== undefined) {
        const order = await this.findOrder(gameId, current, orderType);
        if (order !== null) link.order = order;
      }
      if (reasonDepth > 0) {
        const reason = await this.earlierEvent(gameId, current, reasonEventIdOf(current));
        if (reason !== null) link.because = await this.reasonLink(gameId, reason, reasonDepth - 1);
      }
      chain.push(link);
      current = await this.causeOf(gameId, current);
    }
    return chain;
  }

  private async reasonLink(gameId: string, reason: StoredGameEvent, reasonDepth: number): Promise<ReasonLink> {
    return { ...linkOf(reason), chain: await this.chainFrom(gameId, reason, reasonDepth) };
  }

  /** The event `causationId` names; null at the command (or at a cause that is not an earlier event of the game). */
  private causeOf(gameId: string, event: StoredGameEvent): Promise<StoredGameEvent | null> {
    const cause = event.metadata.causationId;
    if (cause === event.metadata.commandId) return Promise.resolve(null);
    return this.earlierEvent(gameId, event, cause);
  }

  /** The earlier event of this game an id (`<gameId>@<revision>`) names; null for anything else. */
  private async earlierEvent(gameId: string, event: StoredGameEvent, id: unknown): Promise<StoredGameEvent | null> {
    const prefix = `${gameId}@`;
    if (typeof id !== 'string' || !id.startsWith(prefix)) return null;
    const revision = Number(id.slice(prefix.length));
    // Causes always come earlier; anything else (a hand-edited id) would loop.
    if (!Number.isInteger(revision) || revision < 0 || revision >= event.revision) return null;
    return gameEventAt(this.store, gameId, revision);
  }

  /** The SpellTargeted/AttackOrdered with the execution's order id, looking back through the execution's turn. */
  private async findOrder(gameId: string, execution: StoredGameEvent, orderType: string): Promise<OrderLink | null> {
    const orderId = 'orderId' in execution.data ? execution.data.orderId : undefined;
    const turn = execution.metadata.turn;
    if (execution.revision === 0) return null;
    const earlier = gameEvents(this.store, gameId, {
      from: execution.revision - 1,
      direction: 'backwards',
      pageSize: ORDER_SEARCH_PAGE,
    });
    for await (const event of earlier) {
      if (event.metadata.turn !== turn) return null;
      if (event.type === orderType && 'orderId' in event.data && event.data.orderId === orderId) {
        return { ...linkOf(event), commandId: event.metadata.commandId };
      }
    }
    return null;
  }
}
