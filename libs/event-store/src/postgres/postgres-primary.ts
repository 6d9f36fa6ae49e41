import { Logger } from '@nestjs/common';
import { Pool, type PoolConfig } from 'pg';
import { EventStoreConfigurationError } from '../errors/event-store-configuration.error';
import { EventStoreUnavailableError } from '../errors/event-store-unavailable.error';
import type { PostgresHost, PostgresTargets } from './postgres-connection.targets';
import { isPostgresServerLost, isPostgresUnavailable } from './postgres-error-mapping';
import { type ProbedServer, probeServer } from './postgres-server.probe';

/** The server the store writes to now, and the pool of connections to it. */
export interface LocatedPrimary {
  readonly host: PostgresHost;
  /** Its WAL timeline (null where the server will not tell). */
  readonly timeline: number | null;
  /** Counts the servers used so far: a new one (after a failover, or a restart) has a new generation. */
  readonly generation: number;
  readonly pool: Pool;
}

export interface PostgresPrimaryOptions {
  targets: PostgresTargets;
  /** The pool's settings; each server's own (from the connection string) are laid over them. */
  pool: PoolConfig;
  /** Longest one server may take to answer whether it is the primary. */
  probeTimeoutMs: number;
  /** Between two searches while no primary is found: from `min` doubling up to `max`. */
  searchDelayMs: { min: number; max: number };
  /**
   * Runs on a server found to be the primary before anything else uses it (the schema's migrations, noting its
   * timeline); a failure counts as not having found it.
   */
  prepare: (found: LocatedPrimary, previous: LocatedPrimary | undefined) => Promise<void>;
  /** Told once the new primary is in use (wakes the subscriptions that waited for it). */
  onChange: (found: LocatedPrimary, previous: LocatedPrimary | undefined) => void;
}

/**
 * Finds the server that accepts writes among those of the connection string and keeps a pool of connections to
 * it, as libpq's `target_session_attrs=read-write` would for each connection (node-postgres has no list of
 * servers). When it is lost — a connection refused or broken, the server shutting down, or a write refused as
 * read-only — it looks again, at once and then with a backoff, and uses whichever server is the primary then:
 * the same one restarted, or a promoted standby. Until one is found every call fails as unavailable, fast.
 *
 * Of two servers that both accept writes, the one on the newer timeline wins, and one on an older timeline than
 * any seen before is refused: that is a former primary started again after a failover, and what it holds beyond
 * the point where the standby took over is not the store's history any more. Two on the same timeline (two
 * standbys promoted) are refused both: only an operator can tell which history is the store's.
 */
export class PostgresPrimary {
  private readonly logger = new Logger('PostgresPrimary');
  private current: LocatedPrimary | undefined;
  /** The last primary used, still known once it is lost (what the next one is compared with). */
  private lastUsed: LocatedPrimary | undefined;
  private searching: Promise<LocatedPrimary> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay: number;
  private lastFailure: Error | undefined;
  private generations = 0;
  private newestTimeline: number | null = null;
  private ended = false;

  constructor(private readonly options: PostgresPrimaryOptions) {
    this.retryDelay = options.searchDelayMs.min;
  }

  get hosts(): readonly PostgresHost[] {
    return this.options.targets.hosts;
  }

  /** The primary in use, if one is (no search). */
  get located(): LocatedPrimary | undefined {
    return this.current;
  }

  /**
   * The primary: the one in use, or the result of a search (the one under way, or a new one unless a failed search
   * was just made: then its failure, at once, until the next search the backoff schedules).
   */
  async locate(): Promise<LocatedPrimary> {
    if (this.ended) throw new EventStoreUnavailableError('the postgres store is closed');
    if (this.current) return this.current;
    if (this.searching) return this.searching;
    if (this.lastFailure && this.retryTimer) throw this.lastFailure;
    return this.search();
  }

  /** The client settings for the primary's server (a connection outside the pool, e.g. for LISTEN). */
  async clientConfig(): Promise<PoolConfig> {
    const located = await this.locate();
    return { ...this.options.pool, ...this.options.targets.configFor(located.host) };
  }

  /**
   * Reports a failure of a call made on `located`'s pool: if it says the server is lost, the primary is looked
   * for again (a call on a pool already replaced changes nothing).
   */
  failed(located: LocatedPrimary | undefined, error: unknown): void {
    if (located === undefined || located !== this.current || !isPostgresServerLost(error)) return;
    this.suspect();
  }

  /** The primary may be gone (its LISTEN connection broke): checks, and moves to another if so. */
  suspect(): void {
    if (this.ended || this.current === undefined || this.searching) return;
    void this.search().catch(() => undefined);
  }

  async end(): Promise<void> {
    this.ended = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const current = this.current;
    this.current = undefined;
    await this.searching?.catch(() => undefined);
    await current?.pool.end().catch(() => undefined);
  }

  private search(): Promise<LocatedPrimary> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const searching = this.findAndUse().finally(() => {
      if (this.searching === searching) this.searching = undefined;
    });
    this.searching = searching;
    return searching;
  }

  private async findAndUse(): Promise<LocatedPrimary> {
    const inUse = this.current;
    const previous = this.lastUsed;
    let found: LocatedPrimary | undefined;
    try {
      const probed = await Promise.all(
        this.hosts.map((host) => probeServer(host, this.options.targets.configFor(host), this.options.probeTimeoutMs)),
      );
      if (this.ended) throw new EventStoreUnavailableError('the postgres store is closed');
      const chosen = this.choose(probed);
      if (inUse && chosen.host === inUse.host && chosen.timeline === inUse.timeline) {
        // The same server, still the primary: a broken connection, which the pool replaces by itself.
        this.succeeded();
        return inUse;
      }
      found = {
        host: chosen.host,
        timeline: chosen.timeline,
        generation: ++this.generations,
        pool: this.newPool(chosen.host),
      };
      await this.options.prepare(found, previous);
      if (this.ended) throw new EventStoreUnavailableError('the postgres store is closed');
    } catch (error) {
      void found?.pool.end().catch(() => undefined);
      this.current = undefined;
      if (inUse) void inUse.pool.end().catch(() => undefined);
      throw this.failedSearch(error, inUse);
    }
    this.current = found;
    this.lastUsed = found;
    if (found.timeline !== null && (this.newestTimeline === null || found.timeline > this.newestTimeline)) {
      this.newestTimeline = found.timeline;
    }
    if (inUse) void inUse.pool.end().catch(() => undefined);
    this.succeeded();
    if (previous) {
      // The first server found says nothing worth a line; a move to another is what an operator looks for.
      this.logger.log(
        `now writing to ${found.host.label}${found.timeline === null ? '' : ` (timeline ${found.timeline})`}, in ` +
          `place of ${previous.host.label}${previous.timeline === null ? '' : ` (timeline ${previous.timeline})`}`,
      );
    }
    this.options.onChange(found, previous);
    return found;
  }

  /** The primary among the probed servers, or the reason there is none. */
  private choose(probed: ProbedServer[]): { host: PostgresHost; timeline: number | null } {
    const primaries = probed.flatMap(({ host, role }) => (role.kind === 'primary' ? [{ host, ...role }] : []));
    const timelines = primaries.flatMap((p) => (p.timeline === null ? [] : [p.timeline]));
    const newest = timelines.length > 0 ? Math.max(...timelines) : null;
    const current = primaries.filter((p) => p.timeline === newest);
    const old = (timeline: number | null) =>
      timeline !== null && this.newestTimeline !== null && timeline < this.newestTimeline;
    const usable = current.filter((p) => !old(p.timeline));
    const [only] = usable;
    if (usable.length === 1 && only !== undefined) {
      for (const stale of primaries.filter((p) => p !== only)) {
        this.logger.error(
          `${stale.host.label} accepts writes on timeline ${stale.timeline ?? '?'}, older than ${only.host.label}'s ` +
            `timeline ${only.timeline ?? '?'}: a former primary started again, not used (make it a standby of the new one)`,
        );
      }
      return only;
    }
    const states = probed.map(({ host, role }) => `${host.label}: ${this.describeRole(role)}`).join('; ');
    if (usable.length > 1) {
      throw new EventStoreUnavailableError(
        `postgres: several servers accept writes (${states}); none is used until an operator leaves one primary`,
      );
    }
    if (probed.every(({ role }) => role.kind === 'refused')) {
      throw new EventStoreConfigurationError(`postgres refused this service (${states})`);
    }
    throw new EventStoreUnavailableError(`postgres: no server accepts writes (${states})`);
  }

  private describeRole(role: ProbedServer['role']): string {
    switch (role.kind) {
      case 'primary': {
        const old = role.timeline !== null && this.newestTimeline !== null && role.timeline < this.newestTimeline;
        return old
          ? `a former primary on timeline ${role.timeline}, older than timeline ${this.newestTimeline} seen before`
          : `accepts writes${role.timeline === null ? '' : ` on timeline ${role.timeline}`}`;
      }
      case 'standby':
        return 'a standby (in recovery)';
      case 'read-only':
        return 'read-only (default_transaction_read_only)';
      default:
        return role.reason;
    }
  }

  private newPool(host: PostgresHost): Pool {
    const pool = new Pool({ ...this.options.pool, ...this.options.targets.configFor(host) });
    // A pooled connection that dies while idle reports here: the pool has dropped it already; the server may be
    // gone, which the next search finds out.
    pool.on('error', (error) => {
      if (this.current?.pool === pool) this.failed(this.current, error);
    });
    return pool;
  }

  private succeeded(): void {
    this.lastFailure = undefined;
    this.retryDelay = this.options.searchDelayMs.min;
  }

  /** Remembers why, schedules the next search, and answers the error callers get meanwhile. */
  private failedSearch(error: unknown, previous: LocatedPrimary | undefined): Error {
    const failure =
      error instanceof EventStoreUnavailableError || error instanceof EventStoreConfigurationError
        ? error
        : isPostgresUnavailable(error)
          ? new EventStoreUnavailableError(`postgres: ${(error as Error).message}`, { cause: error })
          : error instanceof Error
            ? error
            : new Error(String(error));
    if (this.lastFailure?.message !== failure.message) {
      this.logger.warn(`${previous ? `lost ${previous.host.label}; ` : ''}${failure.message}; looking again`);
    }
    this.lastFailure = failure;
    if (!this.ended) {
      const delay = this.retryDelay;
      this.retryDelay = Math.min(delay * 2, this.options.searchDelayMs.max);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        if (!this.current && !this.searching) void this.search().catch(() => undefined);
      }, delay);
      this.retryTimer.unref();
    }
    return failure;
  }
}
