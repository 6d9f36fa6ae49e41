import type { Pool } from 'pg';

/** Where the history a server inherited ends, as seen by an instance that wrote on an earlier timeline. */
export interface TimelineChange {
  /** The last position of the earlier timeline that the new one kept. */
  forkedAfter: number;
  /** The furthest position this instance had seen on the earlier timeline, when beyond `forkedAfter`: lost. */
  lostThrough: number | null;
}

/**
 * Records the timeline of the server this instance starts writing to (once per timeline, under the append lock, so
 * before any append there: the last position at that moment is what the new primary inherited). Given the
 * timeline written on before and the furthest position seen there, answers where that history was cut, and records
 * the lost range for readers that come later (see CheckpointGuard).
 */
export async function noteTimeline(
  pool: Pool,
  schema: string,
  timeline: number,
  before: { timeline: number; seenThrough: number } | undefined,
): Promise<TimelineChange | null> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${schema}.events append`]);
    await client.query(
      `INSERT INTO ${schema}.timelines (timeline, forked_after)
       SELECT $1, coalesce(max(position), 0) FROM ${schema}.events
       ON CONFLICT (timeline) DO NOTHING`,
      [timeline],
    );
    let change: TimelineChange | null = null;
    if (before !== undefined && before.timeline < timeline) {
      // Several failovers since: the earliest cut counts.
      const { rows } = await client.query<{ timeline: number; forked_after: number }>(
        `SELECT timeline, forked_after FROM ${schema}.timelines WHERE timeline > $1
         ORDER BY forked_after, timeline LIMIT 1`,
        [before.timeline],
      );
      const [cut] = rows;
      if (cut !== undefined) {
        const lost = before.seenThrough > cut.forked_after;
        change = { forkedAfter: cut.forked_after, lostThrough: lost ? before.seenThrough : null };
        if (lost) {
          await client.query(
            `UPDATE ${schema}.timelines SET lost_through = greatest(coalesce(lost_through, 0), $2) WHERE timeline = $1`,
            [cut.timeline, before.seenThrough],
          );
        }
      }
    }
    await client.query('COMMIT');
    return change;
  } catch (error) {
    failure = error;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release(failure !== undefined);
  }
}
