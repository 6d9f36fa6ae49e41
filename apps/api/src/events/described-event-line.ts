import type { MessageEvent } from '@nestjs/common';
import { type Observable, map } from 'rxjs';
import { type ViewedEventLine, describeEvent } from '@app/games';

/** A line with its sentence (and its released orders with theirs): the words of `sanctum replay`. */
export function described(line: ViewedEventLine): ViewedEventLine & { description: string } {
  const released = line.released?.map((held) => ({ ...held, description: describeEvent(held) }));
  return { ...line, ...(released === undefined ? {} : { released }), description: describeEvent(line) };
}

/** `?describe=true` on an event stream: each event with its sentence. */
export function withDescriptions(events: Observable<MessageEvent>): Observable<MessageEvent> {
  return events.pipe(map((message) => ({ ...message, data: described(message.data as ViewedEventLine) })));
}
