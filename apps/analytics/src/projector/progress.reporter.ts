import { Logger } from '@nestjs/common';
import type { AnalyticsDatabase, Progress } from '../read-model/analytics.database';
import type { AnalyticsSource } from '../source/analytics-source';

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * The progress line: throughput since the previous line, distance to the head, whether the stream has said it caught
 * up (and at which position), and the headline totals.
 */
export function progressLine(
  progress: Progress,
  eventsPerSecond: number,
  head: number | undefined,
  caughtUp: number | null | undefined,
): string {
  const behind =
    head === undefined
      ? 'head unknown'
      : `${count(Math.max(0, head - progress.seenEvents))} behind the head (${count(head)} events)`;
  const stream =
    caughtUp === undefined ? 'catching up' : `caught up at position ${caughtUp === null ? 'none' : caughtUp}`;
  const most = progress.mostSquandered
    ? ` (most: ${progress.mostSquandered.spell} ${count(progress.mostSquandered.squandered)})`
    : '';
  return (
    `${count(progress.events)} events applied, ${count(Math.round(eventsPerSecond))} events/s, ${behind}, ${stream}; ` +
    `${count(progress.games)} games, casts ${count(progress.casts)}, squandered ${count(progress.squandered)}${most}, ` +
    `minions died ${count(progress.minionsDied)}`
  );
}

/**
 * While the consumer follows, a line on stderr every `intervalMs`: what a person watching it wants to know (is it
 * keeping up, how far behind is it, what has it counted so far) without stopping it for the summary.
 */
export class ProgressReporter {
  private readonly logger = new Logger('AnalyticsProgress');
  private readonly timer: NodeJS.Timeout | undefined;
  private previous: { events: number; at: number };
  private reporting = false;
  private stopped = false;

  constructor(
    private readonly source: AnalyticsSource,
    private readonly database: AnalyticsDatabase,
    intervalMs: number,
    /** The position the stream said it caught up at (undefined: it has not said so yet). */
    private readonly caughtUp: () => number | null | undefined,
  ) {
    this.previous = { events: database.progress().events, at: performance.now() };
    if (intervalMs > 0) {
      this.timer = setInterval(() => void this.report(), intervalMs);
      // The line is for whoever watches; it never keeps the process alive on its own.
      this.timer.unref();
    }
  }

  /** No line after this, not even one whose head request is on its way (the database may close next). */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  private async report(): Promise<void> {
    // A slow head request (thousands of games) skips a beat rather than piling up.
    if (this.reporting) return;
    this.reporting = true;
    try {
      const head = await this.source.headEvents().catch(() => undefined);
      if (this.stopped) return;
      const now = performance.now();
      const progress = this.database.progress();
      const rate = ((progress.events - this.previous.events) * 1000) / Math.max(1, now - this.previous.at);
      this.previous = { events: progress.events, at: now };
      this.logger.log(progressLine(progress, rate, head, this.caughtUp()));
    } finally {
      this.reporting = false;
    }
  }
}
