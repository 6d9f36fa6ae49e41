import type { RecordedEvent } from '@app/event-store';

/** One event as the API, the CLI and the streams show it: `{revision, type, data, metadata}`. */
export interface GameEventLine {
  revision: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/** A game event on the global stream: its line plus where it stands in `$all`. */
export interface GlobalEventLine extends GameEventLine {
  gameId: string;
  position: number;
  recordedAt: string;
}

export function toEventLine(event: RecordedEvent): GameEventLine {
  return { revision: event.revision, type: event.type, data: event.data, metadata: event.metadata };
}
