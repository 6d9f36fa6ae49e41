import { Client, type ClientConfig } from 'pg';
import type { PostgresHost } from './postgres-connection.targets';
import { postgresRefusal } from './postgres-error-mapping';

/** What one server of the list turned out to be. */
export type ProbedRole =
  /** Accepts writes; `timeline` is the WAL timeline it writes on (null where the server will not tell). */
  | { kind: 'primary'; timeline: number | null }
  | { kind: 'standby' }
  /** Not in recovery, but read-only (default_transaction_read_only): libpq's read-write refuses it too. */
  | { kind: 'read-only' }
  | { kind: 'unreachable'; reason: string }
  /** It answered, and refused this service: TLS, authentication, an unknown database. Retrying will not help. */
  | { kind: 'refused'; reason: string };

export interface ProbedServer {
  host: PostgresHost;
  role: ProbedRole;
}

/**
 * Connects to one server and asks what libpq's `target_session_attrs=read-write` asks (is it in recovery, is its
 * session read-only), and the timeline it writes on: promoting a standby starts a new timeline, so of two servers
 * that accept writes, the one on the older timeline is a former primary started again, and must not be written to.
 */
export async function probeServer(host: PostgresHost, config: ClientConfig, timeoutMs: number): Promise<ProbedServer> {
  const client = new Client({ ...config, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  // An error after the probe's end (the server going away) must not be left unhandled.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ in_recovery: boolean; read_only: string }>(
      `SELECT pg_is_in_recovery() AS in_recovery, current_setting('transaction_read_only') AS read_only`,
    );
    const [row] = rows;
    if (row?.in_recovery) return { host, role: { kind: 'standby' } };
    if (row?.read_only === 'on') return { host, role: { kind: 'read-only' } };
    return { host, role: { kind: 'primary', timeline: await timelineOf(client) } };
  } catch (error) {
    const refusal = postgresRefusal(error);
    if (refusal !== null) return { host, role: { kind: 'refused', reason: refusal } };
    return { host, role: { kind: 'unreachable', reason: describe(error) } };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The timeline in the name of the WAL file being written (its first 8 hex digits); null if the server won't say. */
async function timelineOf(client: Client): Promise<number | null> {
  try {
    const { rows } = await client.query<{ file: string }>(`SELECT pg_walfile_name(pg_current_wal_lsn()) AS file`);
    const file = rows[0]?.file;
    return file === undefined ? null : Number.parseInt(file.slice(0, 8), 16);
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error as { message?: unknown } | null)?.message;
  const text = typeof message === 'string' && message !== '' ? message : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}
