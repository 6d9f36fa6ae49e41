/**
 * One event as the API, the CLI and the streams show it: `{revision, type, data, metadata}`, of any type — a viewer's
 * placeholder, or a line whose origin is in doubt (see StoredGameEvent for a game stream's own).
 */
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
