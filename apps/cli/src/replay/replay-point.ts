import { InvalidArgumentError } from 'commander';
import type { GameEventLine } from '@app/games/recording/game-event-line';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';

/** Where a replay stops: right after a revision, at the end of a turn, or at the game's last event. */
export type ReplayPoint = { revision: number } | { turn: number } | { end: true };

/** Where a replay starts showing events: a revision, the first event of a turn, or revision 0. */
export type ReplayStart = { revision: number } | { turn: number };

/** The part of the game a replay shows: the events before `start` are folded into the state, never printed. */
export interface ReplayRange {
  start: ReplayStart;
  point: ReplayPoint;
}

export interface RangeOptions {
  from?: number;
  to?: number;
  turn?: number;
}

/** `--turn N` is the whole of turn N; `--from` and `--to` bound the range on either side. */
export function replayRange(options: RangeOptions): ReplayRange {
  if (options.turn !== undefined && (options.to !== undefined || options.from !== undefined)) {
    throw new CliFailure(
      EXIT.invalidInput,
      '--turn N is the whole of turn N: give it alone, or --from and --to, not both',
    );
  }
  if (options.turn !== undefined) return { start: { turn: options.turn }, point: { turn: options.turn } };
  if (options.from !== undefined && options.to !== undefined && options.from > options.to) {
    throw new CliFailure(EXIT.invalidInput, `--from ${options.from} is after --to ${options.to}`);
  }
  return {
    start: { revision: options.from ?? 0 },
    point: options.to !== undefined ? { revision: options.to } : { end: true },
  };
}

export function turnOf(event: GameEventLine): number {
  return Number(event.metadata.turn);
}

/** Refuses, before anything is printed, a range the game has not reached; else the game's last event. */
export function checkReached(range: ReplayRange, last: GameEventLine | null, source: string): GameEventLine {
  if (last === null) throw new CliFailure(EXIT.invalidInput, `${source}: no events to replay`);
  const { start, point } = range;
  if ('revision' in point && point.revision > last.revision) {
    throw new CliFailure(EXIT.invalidInput, `--to ${point.revision}: ${source} has revisions 0–${last.revision} only`);
  }
  if ('revision' in start && start.revision > last.revision) {
    throw new CliFailure(
      EXIT.invalidInput,
      `--from ${start.revision}: ${source} has revisions 0–${last.revision} only`,
    );
  }
  if ('turn' in point && point.turn > turnOf(last)) {
    throw new CliFailure(
      EXIT.invalidInput,
      `--turn ${point.turn}: ${source} has not reached turn ${point.turn} (it is in turn ${turnOf(last)})`,
    );
  }
  return last;
}

/** Whether the event is where the replay starts showing events (the events before it are only folded). */
export function reachesStart(start: ReplayStart, event: GameEventLine): boolean {
  return 'revision' in start ? event.revision >= start.revision : turnOf(event) >= start.turn;
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
