import { startsCommand } from '@app/rules';
import type { GameEventLine } from '../recording/game-event-line';

/** One recorded command: its input event and its last event (the revision and hash its receipt names). */
export interface CommandSpan {
  first: GameEventLine;
  last: GameEventLine;
}

/**
 * The commands of a stream in order. A command starts at an input event caused by the command itself, or where the
 * command id changes (the fork's rule for a command boundary); its receipt names its last event.
 */
export async function* commandSpans(events: AsyncIterable<GameEventLine>): AsyncGenerator<CommandSpan> {
  let open: CommandSpan | null = null;
  for await (const event of events) {
    const boundary = open === null || startsCommand(event) || event.metadata.commandId !== open.last.metadata.commandId;
    if (boundary) {
      if (open !== null) yield open;
      open = { first: event, last: event };
    } else {
      (open as CommandSpan).last = event;
    }
  }
  if (open !== null) yield open;
}
