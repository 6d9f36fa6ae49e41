import { Client } from 'pg';
import { type GameEventLine, gameStream } from '@app/games';
import type { StoreForger, StoredSnapshotRow } from './store-forger';
import { storedJson } from './unwritable-json';

/** A client of the PostgreSQL server with the rights of the service's user, editing the store's tables directly. */
export class PostgresStoreForger implements StoreForger {
  private constructor(
    private readonly client: Client,
    private readonly schema: string,
  ) {}

  static async connect(url: string, schema = 'sanctum'): Promise<PostgresStoreForger> {
    const client = new Client({ connectionString: url });
    await client.connect();
    return new PostgresStoreForger(client, schema);
  }

  async snapshots(gameId: string): Promise<StoredSnapshotRow[]> {
    const { rows } = await this.client.query<{ revision: string; state: string }>(
      `SELECT revision, state FROM ${this.schema}.snapshots WHERE stream = $1 ORDER BY revision`,
      [gameStream(gameId)],
    );
    return rows.map((row) => ({ revision: Number(row.revision), state: row.state }));
  }

  async writeGame(gameId: string, events: readonly GameEventLine[], positions: readonly number[]): Promise<void> {
    const stream = gameStream(gameId);
    await this.client.query('BEGIN');
    try {
      await this.client.query(`DELETE FROM ${this.schema}.events WHERE stream = $1`, [stream]);
      for (const [i, { revision, type, data, metadata }] of events.entries()) {
        const position = positions[i] ?? positions[positions.length - 1]! + i;
        await this.client.query(
          `INSERT INTO ${this.schema}.events (position, stream, revision, type, data, metadata)
           VALUES ($1, $2, $3, $4, $5::json, $6::json)`,
          [position, stream, revision, type, storedJson(data), storedJson(metadata)],
        );
      }
      await this.client.query('COMMIT');
    } catch (error) {
      await this.client.query('ROLLBACK');
      throw error;
    }
  }

  async writeSnapshot(gameId: string, { revision, state }: StoredSnapshotRow): Promise<void> {
    await this.client.query(`UPDATE ${this.schema}.snapshots SET state = $1 WHERE stream = $2 AND revision = $3`, [
      state,
      gameStream(gameId),
      revision,
    ]);
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
