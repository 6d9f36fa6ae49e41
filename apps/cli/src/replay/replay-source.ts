import type { GameEventLine } from '@app/games/recording/game-event-line';

/** A recorded game to replay: a game in the store, an exported `.jsonl` file, or a scenario played first. */
export interface ReplaySource {
  /** How messages name it: `game demo in the sqlite store /…/sanctum.db`, `game.jsonl`. */
  readonly name: string;
  /** The game's last event (read once; the replay goes no further), or null when there is none. */
  last(): Promise<GameEventLine | null>;
  /** The events from revision 0 on, in order, one at a time: a game of any length replays in flat memory. */
  events(): AsyncIterable<GameEventLine>;
  close(): Promise<void>;
}
