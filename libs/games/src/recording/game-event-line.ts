import type { GameEventLine } from '@app/verifier';

/** The event line the verifier checks (libs/verifier), as the games layer reads and writes it. */
export type { GameEventLine } from '@app/verifier';

/** A game event on the global stream: its line plus where it stands in `$all`. */
export interface GlobalEventLine extends GameEventLine {
  gameId: string;
  position: number;
  recordedAt: string;
}
