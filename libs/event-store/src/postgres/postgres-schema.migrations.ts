import type { Pool, PoolClient } from 'pg';

/** A schema name that needs no quoting anywhere (tables, the function, the notification channel). */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,39}$/;

export function assertValidSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new TypeError(
      `postgres schema must be 1–40 lower-case letters, digits or _ (not starting with a digit), got '${schema}'`,
    );
  }
}

/** The channel appends notify on (at commit) and live subscriptions LISTEN to. */
export function appendChannel(schema: string): string {
  return `${schema}_appended`;
}

/** Expected revisions as the append function takes them (a revision is >= 0). */
export const EXPECT_NO_STREAM = -1;
export const EXPECT_ANY = -2;

interface Migration {
  version: number;
  description: string;
  sql: (schema: string) => string;
}

/**
 * The schema, one migration per version; each runs once, in order, inside the one transaction that records it in
 * `schema_versions`. Never edit a migration that has shipped: add the next one.
 */
const MIGRATIONS: Migration[] = [
  {
    version: 1,
    description: 'events, snapshots, append_events',
    sql: (s) => `
-- The log. position is the global position: assigned by append_events under one transaction-scoped advisory lock,
-- so positions are handed out in commit order and a reader never sees a later position before an earlier one.
-- data and metadata are json (not jsonb): the text is kept byte for byte, key order included.
CREATE TABLE ${s}.events (
  position    bigint      PRIMARY KEY,
  stream      text        NOT NULL,
  revision    bigint      NOT NULL,
  type        text        NOT NULL,
  data        json        NOT NULL,
  metadata    json        NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream, revision)
);
-- readAll and subscriptions filtered by event type (the garbage-collection scheduler's).
CREATE INDEX events_by_type ON ${s}.events (type, position);
-- listStreams: one small entry per stream (its first event), in creation order.
CREATE INDEX events_stream_heads ON ${s}.events (position) INCLUDE (stream) WHERE revision = 0;

-- Snapshots are a cache keyed by engine version (deleting them changes no answer), shared by every instance.
CREATE TABLE ${s}.snapshots (
  stream         text        NOT NULL,
  engine_version text        NOT NULL,
  revision       bigint      NOT NULL,
  state          text        NOT NULL,
  saved_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream, engine_version, revision)
);

-- Appends the batches of several streams in one transaction (the appends one instance gathered while its previous
-- groups committed; never two to the same stream), each checked against its own expected revision
-- (${EXPECT_NO_STREAM}: no stream, ${EXPECT_ANY}: any). Returns a row per append, in order: ok, the stream's last revision before it (null:
-- none), the position of its first event. A conflict writes nothing for that append and does not fail the others
-- (its events' positions are left unused: positions increase, they need not be consecutive). Event k belongs to
-- append owners[k], at offsets[k] within it. The lock is taken first and held to the commit, so the revision
-- checks cannot interleave with another append and positions follow commit order. data and metadata come as
-- json[]: the server parses and checks them while it reads the call's arguments, before it takes the lock.
CREATE FUNCTION ${s}.append_events(
  streams text[], expected bigint[], counts int[], owners int[], offsets int[],
  types text[], datas json[], metadatas json[]
) RETURNS TABLE (ok boolean, actual bigint, first_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  last_position bigint;
  accepted boolean[] := '{}';
  bases bigint[] := '{}';
  consumed int := 0;
  appended boolean := false;
BEGIN
  IF (SELECT count(DISTINCT name) <> count(*) FROM unnest(streams) AS name) THEN
    RAISE EXCEPTION 'append_events: a stream appears twice in one group';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('${s}.events append', 0));
  SELECT coalesce(max(e.position), 0) INTO last_position FROM ${s}.events e;
  FOR i IN 1 .. coalesce(array_length(streams, 1), 0) LOOP
    SELECT max(e.revision) INTO actual FROM ${s}.events e WHERE e.stream = streams[i];
    ok := expected[i] = ${EXPECT_ANY}
      OR (expected[i] = ${EXPECT_NO_STREAM} AND actual IS NULL)
      OR expected[i] = actual;
    first_position := last_position + consumed + 1;
    accepted := accepted || ok;
    bases := bases || coalesce(actual, -1);
    appended := appended OR (ok AND counts[i] > 0);
    consumed := consumed + counts[i];
    RETURN NEXT;
  END LOOP;
  -- One statement for every event of the group, its arrays read once, in order.
  INSERT INTO ${s}.events (position, stream, revision, type, data, metadata)
  SELECT last_position + e.k, streams[e.owner], bases[e.owner] + 1 + e.offset_in, e.type, e.data, e.metadata
  FROM unnest(owners, offsets, types, datas, metadatas) WITH ORDINALITY AS e(owner, offset_in, type, data, metadata, k)
  WHERE accepted[e.owner];
  -- Delivered at commit, to every instance's listener: a wake-up only (subscribers read from their checkpoints).
  IF appended THEN
    PERFORM pg_notify('${appendChannel(s)}', (last_position + consumed)::text);
  END IF;
END
$fn$;
`,
  },
  {
    version: 2,
    description: 'timelines: where each server that took over continued the log',
    sql: (s) => `
-- A standby promoted after a failover writes on a new WAL timeline. Each instance that starts writing to a server
-- records that server's timeline, under the append lock, before its first append there: forked_after is the last
-- position the new primary inherited, so a reader that read past it on an earlier timeline knows that what it read
-- there is gone (an asynchronous standby had not received it), and that positions after forked_after were handed
-- out again. lost_through: the furthest position an instance had seen on the earlier timeline (the lost range).
CREATE TABLE ${s}.timelines (
  timeline     bigint      PRIMARY KEY,
  forked_after bigint      NOT NULL,
  lost_through bigint,
  noted_at     timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    version: 3,
    description: 'events_by_command: readCommand by index',
    sql: (s) => `
-- readCommand: a command's events by its id (what a retried command looks for), however long its stream.
CREATE INDEX events_by_command ON ${s}.events (stream, (metadata->>'commandId'));
`,
  },
];

/** The schema version this build needs (the last migration's). */
export const POSTGRES_SCHEMA_VERSION = Math.max(...MIGRATIONS.map((migration) => migration.version));

/**
 * Brings the schema up to date: creates it on the first start, applies what a newer build added, and does
 * nothing when it is current. Several instances may start at once: a transaction-scoped advisory lock (per
 * schema) lets one migrate while the others wait, then find nothing left to do. Returns the versions applied.
 */
export async function migratePostgresSchema(pool: Pool, schema: string): Promise<number[]> {
  assertValidSchemaName(schema);
  const client: PoolClient = await pool.connect();
  let failure: unknown;
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${schema} migrations`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.schema_versions (
         version     int         PRIMARY KEY,
         description text        NOT NULL,
         applied_at  timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await client.query<{ version: number | null }>(
      `SELECT max(version) AS version FROM ${schema}.schema_versions`,
    );
    const current = rows[0]?.version ?? 0;
    if (current > POSTGRES_SCHEMA_VERSION) {
      throw new Error(
        `the postgres schema '${schema}' is at version ${current}, newer than this build knows ` +
          `(${POSTGRES_SCHEMA_VERSION}): run a build at least as new`,
      );
    }
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (migration.version <= current) continue;
      await client.query(migration.sql(schema));
      await client.query(`INSERT INTO ${schema}.schema_versions (version, description) VALUES ($1, $2)`, [
        migration.version,
        migration.description,
      ]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    failure = error;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    // After a failure the connection may be broken: it is closed rather than handed to the next query.
    client.release(failure !== undefined);
  }
}
