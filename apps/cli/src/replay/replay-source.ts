import type { StoredGameEvent } from '@app/games/recording/stored-game-event';

/** A recorded game to replay: a game in the store, an exported `.jsonl` file, or a scenario played first. */
export interface ReplaySource {
  /** How messages name it: `game demo in the sqlite store /…/sanctum.db`, `game.jsonl`. */
  readonly name: string;
  /** The game's last event (read once; the replay goes no further), or null when there is none. */
  last(): Promise<StoredGameEvent | null>;
  /**
   * The events from revision 0 on, in order, one at a time: a game of any length replays in flat memory. Each is
   * checked against the event vocabulary on the way (a damaged one stops the replay, naming it).
   */
  events(): AsyncIterable<StoredGameEvent>;
  close(): Promise<void>;
}
