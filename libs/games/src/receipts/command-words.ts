import type { EntityRef } from '@app/rules';
import { describeEvent, describeTarget } from '../replay/describe-event';
import type { GameEventLine } from '../recording/game-event-line';

/** Which command a receipt covers, in words, and the revisions of its events. */
export interface ReceiptCommand {
  /** The receipt's revision: the command's last event. */
  revision: number;
  /** The command's first event. */
  first: number;
  /** `red: bolt → b-archer, turn 1`, `scheduler: garbage collection, turn 1`. */
  words: string;
}

type Data = Record<string, unknown>;

/** What a command did, from its first event (an input event), without its turn. */
function what(type: string, data: Data): string {
  const player = String(data.player);
  switch (type) {
    case 'GameCreated':
      return `organiser: set-up of "${String(data.name)}"`;
    case 'SpellTargeted':
      return `${player}: ${String(data.spell)} → ${describeTarget(data.target as EntityRef)}`;
    case 'AttackOrdered':
      return `${player}: ${String(data.attackerId)} attacks ${String(data.victimId)}`;
    case 'CardDiscarded':
      return `${player}: discards ${String(data.spell)}`;
    case 'SpellUntargeted':
      return `${player}: cancels ${String(data.spell)} (${String(data.orderId)})`;
    case 'AttackCancelled':
      return `${player}: cancels attack ${String(data.orderId)}`;
    case 'DiscardCancelled':
      return `${player}: takes back the discard of ${String(data.spell)}`;
    case 'OrdersConfirmed':
      return `${player}: confirms`;
    case 'GarbageCollected':
      return 'scheduler: garbage collection';
    case 'PlayerResigned':
      return `${player}: resigns`;
    case 'ResultAdjudicated':
      return `organiser: rules ${data.winner === null ? 'a draw' : `${String(data.winner)} the winner`}`;
    case 'GameRecordPublished':
      return "organiser: publishes the game's record";
    default:
      return describeEvent({ type, data });
  }
}

/**
 * A receipt's command in words (issue #27: "red: bolt → b-archer, turn 1"), from the command's first event. Every
 * receipt a viewer may see is of a command whose first event it sees whole (its own, or one nobody hides: the
 * set-up, a collection, a ruling; receipt-visibility.ts), so the words tell it nothing new.
 */
export function commandInWords(first: GameEventLine, last: GameEventLine): ReceiptCommand {
  const data = (first.data ?? {}) as Data;
  const turn = first.metadata.turn;
  const forked = typeof first.metadata.forkedFrom === 'string' && first.type === 'GameCreated';
  const origin = forked
    ? ` (a fork of ${String(first.metadata.forkedFrom)} at ${String(first.metadata.forkedAt)})`
    : '';
  const when = first.type === 'GameCreated' ? origin : `, turn ${String(turn)}`;
  return { revision: last.revision, first: first.revision, words: `${what(first.type, data)}${when}` };
}
