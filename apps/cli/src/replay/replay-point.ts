import { InvalidArgumentError } from 'commander';
import type { GameEventLine } from '@app/games/recording/game-event-line';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';

/** Where a replay stops: right after a revision, at the end of a turn, or at the game's last event. */
export type ReplayPoint = { revision: number } | { turn: number } | { end: true };

export function replayPoint(options: { to?: number; turn?: number }): ReplayPoint {
  if (options.to !== undefined && options.turn !== undefined) {
    throw new CliFailure(EXIT.invalidInput, '--to and --turn each say where the replay stops: give only one of them');
  }
  if (options.to !== undefined) return { revision: options.to };
  if (options.turn !== undefined) return { turn: options.turn };
  return { end: true };
}

function turnOf(event: GameEventLine): number {
  return Number(event.metadata.turn);
}

/** Refuses, before anything is printed, a point the game has not reached; else the game's last event. */
export function checkReached(point: ReplayPoint, last: GameEventLine | null, source: string): GameEventLine {
  if (last === null) throw new CliFailure(EXIT.invalidInput, `${source}: no events to replay`);
  if ('revision' in point && point.revision > last.revision) {
    throw new CliFailure(EXIT.invalidInput, `--to ${point.revision}: ${source} has revisions 0–${last.revision} only`);
  }
  if ('turn' in point && point.turn > turnOf(last)) {
    throw new CliFailure(
      EXIT.invalidInput,
      `--turn ${point.turn}: ${source} has not reached turn ${point.turn} (it is in turn ${turnOf(last)})`,
    );
  }
  return last;
}

/**
 * Whether the event is part of the replay. Revisions, turns and phases never decrease along a game, so the
 * first event outside it ends the replay: "the end of turn N" is its last event, garbage collection included.
 */
export function withinPoint(point: ReplayPoint, event: GameEventLine): boolean {
  if ('revision' in point) return event.revision <= point.revision;
  if ('turn' in point) return turnOf(event) <= point.turn;
  return true;
}

/** An option value that must be a whole number >= 0 (commander reports the error; main.ts then exits 2). */
export function parseCount(value: string): number {
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('must be a whole number >= 0');
  }
  return Number(value);
}
