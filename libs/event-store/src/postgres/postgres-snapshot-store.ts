import type { QueryConfig, QueryResult, QueryResultRow } from 'pg';
import type { Snapshot } from '../snapshot-store.port';
import { SnapshotStore } from '../snapshot-store.port';

/** Where the snapshots' statements run: the primary's pool, whichever server that is now. */
export interface SnapshotQueries {
  query<R extends QueryResultRow>(config: QueryConfig): Promise<QueryResult<R>>;
}

/**
 * Snapshots in their own table of the store's schema (see postgres-schema.migrations.ts), so every instance on the
 * database shares them. Errors are the driver's; the event store maps them.
 */
export class PostgresSnapshotStore extends SnapshotStore {
  constructor(
    private readonly pool: SnapshotQueries,
    private readonly schema: string,
  ) {
    super();
  }

  override async saveSnapshot(stream: string, revision: number, engineVersion: string, state: string): Promise<void> {
    if (!Number.isSafeInteger(revision) || revision < 0) throw new TypeError('snapshot revision must be >= 0');
    await this.pool.query({
      name: `${this.schema}-save-snapshot`,
      text: `INSERT INTO ${this.schema}.snapshots (stream, engine_version, revision, state) VALUES ($1, $2, $3, $4)
             ON CONFLICT (stream, engine_version, revision) DO UPDATE SET state = excluded.state, saved_at = now()`,
      values: [stream, engineVersion, revision, state],
    });
  }

  override async loadSnapshot(stream: string, engineVersion: string, atOrBefore?: number): Promise<Snapshot | null> {
    const { rows } = await this.pool.query<Snapshot>({
      name: `${this.schema}-load-snapshot`,
      text: `SELECT revision, state FROM ${this.schema}.snapshots
             WHERE stream = $1 AND engine_version = $2 AND revision <= $3
             ORDER BY revision DESC LIMIT 1`,
      values: [stream, engineVersion, atOrBefore ?? Number.MAX_SAFE_INTEGER],
    });
    const [row] = rows;
    return row === undefined ? null : { revision: row.revision, state: row.state };
  }

  override async deleteSnapshots(stream?: string): Promise<number> {
    const result =
      stream === undefined
        ? await this.pool.query({ text: `DELETE FROM ${this.schema}.snapshots` })
        : await this.pool.query({ text: `DELETE FROM ${this.schema}.snapshots WHERE stream = $1`, values: [stream] });
    return result.rowCount ?? 0;
  }

  override async deleteSnapshotsExcept(engineVersion: string): Promise<number> {
    const result = await this.pool.query({
      text: `DELETE FROM ${this.schema}.snapshots WHERE engine_version <> $1`,
      values: [engineVersion],
    });
    return result.rowCount ?? 0;
  }
}
