import { isEsdbNotLeader, isEsdbUnavailable } from './esdb-error-mapping';

export interface EsdbRetryPolicy {
  /** Attempts of one operation (an append, a read) before it reports the store unavailable. */
  attempts: number;
  /** The first wait after a failure; each further one doubles, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/** Enough to ride out a leader election or a node restart without answering 503 at once. */
export const DEFAULT_ESDB_RETRY: EsdbRetryPolicy = { attempts: 4, firstDelayMs: 100, maxDelayMs: 5000 };

/** The wait before attempt `failures` + 1 (exponential, capped). */
export function backoffDelayMs(failures: number, policy: EsdbRetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, failures - 1));
}

/**
 * Runs `operation` again after an error worth retrying (unavailable, deadline, not the leader), up to the policy's
 * attempts. A follower's NotLeader is retried at once: the client has already switched to the leader it named.
 * Only for operations that are safe to repeat: reads, and appends whose event ids are fixed before the first try.
 */
export async function withEsdbRetries<T>(operation: () => Promise<T>, policy: EsdbRetryPolicy): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await operation();
    } catch (error) {
      if (!isEsdbUnavailable(error) || failures >= policy.attempts) throw error;
      const delay = isEsdbNotLeader(error) ? 0 : backoffDelayMs(failures, policy);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
