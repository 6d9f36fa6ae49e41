import type { RecordedEvent } from '@app/event-store';
import type { CaughtUp } from '@app/games';
import type { Observable } from 'rxjs';

/**
 * Where the consumer reads every game's events from: the event store itself (the organiser's tool, next to the
 * service) or the service's public HTTP streams (an analyst's, from anywhere). Positions are the store's global
 * positions either way, so the checkpoint in the consumer's file means the same thing for both.
 */
export abstract class AnalyticsSource {
  /** What the logs call it: `store sqlite ./data/sanctum.db`, `http://host:3000`. */
  abstract readonly name: string;

  /**
   * Stored events after `afterPosition` (exclusive; undefined: the beginning), then live ones, in order; between
   * them, a CaughtUp with the position reached (once per subscription).
   */
  abstract follow(afterPosition: number | undefined): Observable<RecordedEvent | CaughtUp>;

  /** What is there right now after `afterPosition`, a page at a time (`--once`). */
  abstract pages(afterPosition: number | undefined, pageSize: number): AsyncIterable<RecordedEvent[]>;

  /** How many game events exist right now (each game's last revision + 1, summed): the head to measure lag by. */
  abstract headEvents(): Promise<number>;

  /** Whether reading again later may succeed (the store or the service is unreachable for now). */
  abstract isTransient(error: unknown): boolean;
}
