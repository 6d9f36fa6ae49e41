import { type GameEventLine, type Receipt, chainSecretOf } from '@app/verifier';
import { receiptOfCommand } from '@app/games/receipts/game-receipts.service';
import type { ReceiptKeyRing } from '@app/games/receipts/receipt-key-ring';
import { receiptVisibleTo } from '@app/games/receipts/receipt-visibility';
import type { Viewer } from '@app/games/viewers/viewer';
import { startsCommand } from '@app/rules';

/**
 * The events, unchanged, noting in `found` the receipt of every command the viewer may see (signed as the service
 * signs them, so they are the receipts it answered), by the revision that ends it, before that event is handed on:
 * a command's end is known from the event after it, so each event is held back by one (and the last one ends the
 * last command). A game recorded before chain secrets has receipts for the organiser only, as on the service.
 */
export async function* noteReceipts<E extends GameEventLine>(
  events: AsyncIterable<E>,
  keys: ReceiptKeyRing,
  viewer: Viewer,
  found: Map<number, Receipt>,
): AsyncGenerator<E> {
  let first: E | undefined;
  let held: E | undefined;
  let keyed = false;
  const note = (last: GameEventLine) => {
    if (viewer.role !== 'organiser' && !keyed) return;
    if (first && receiptVisibleTo(viewer, first))
      found.set(last.revision, receiptOfCommand(keys, String(first.metadata.gameId), first, last));
  };
  for await (const event of events) {
    if (event.revision === 0) keyed = typeof chainSecretOf(event.metadata) === 'string';
    if (held === undefined) {
      first = event;
    } else if (startsCommand(event) || event.metadata.commandId !== held.metadata.commandId) {
      note(held);
      yield held;
      first = event;
    } else {
      yield held;
    }
    held = event;
  }
  if (held !== undefined) {
    note(held);
    yield held;
  }
}
