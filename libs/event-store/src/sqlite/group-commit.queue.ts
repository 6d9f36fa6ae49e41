/** One queued item's outcome inside a group: its own value, or its own error (the others still commit). */
export type GroupOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** When a commit that failed as a whole is tried again, instead of failing its items. */
export interface GroupCommitRetry {
  /** The failure committed nothing and may pass later (another connection holds the write lock). */
  retryable: (error: unknown) => boolean;
  /** How long an item may wait for its commit, from when it was added; then it fails with the last error. */
  waitMs: number;
}

interface Queued<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
  /** performance.now() past which a retryable failure is this item's own. */
  deadline: number;
}

/** The first retry comes soon (a lock is often held for a moment); later ones no further apart than the last. */
const FIRST_RETRY_MS = 5;
const LONGEST_RETRY_MS = 100;

/**
 * Group commit: items added during one turn of the event loop (the requests read in its poll phase) are committed
 * together in its check phase, by one call of `commit` (one transaction). Each caller's promise settles only after
 * that call returns, that is after the commit, with its own outcome; if `commit` throws, nothing was committed and
 * every caller gets the error.
 *
 * What a settled group sets off at once — the scheduler's command after a turn, the command that was waiting for
 * the same game — is committed in the same check phase, as soon as that cascade of promise callbacks has run
 * (process.nextTick runs once the microtask queue is empty), not a whole turn of the loop later: so an append
 * never waits for more than the one turn it was made in, and a follow-up command is recorded before any new
 * request is read, as when every append committed on its own.
 *
 * A failure `retry` calls retryable (another connection's write lock) is waited out on timers, never inside
 * `commit`: the group stays queued, with what is added meanwhile, and is tried again with a growing pause, while
 * the event loop serves everything else; an item still uncommitted at its deadline fails with that error.
 */
export class GroupCommitQueue<T, R> {
  private queued: Queued<T, R>[] = [];
  private scheduled = false;
  private immediate: NodeJS.Immediate | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private failedAttempts = 0;
  /** The group whose callbacks are running now (0: none): what they add follows it in the same check phase. */
  private settling = 0;
  private groups = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly commit: (items: T[]) => GroupOutcome<R>[],
    private readonly retry?: GroupCommitRetry,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queued.push({ item, resolve, reject, deadline: performance.now() + (this.retry?.waitMs ?? 0) });
      // While a retry is pending, the item joins it: trying sooner would only find the lock still held.
      if (this.scheduled || this.retryTimer !== undefined) return;
      this.scheduled = true;
      if (this.settling !== 0) process.nextTick(() => this.flush());
      else this.immediate = setImmediate(() => this.flush());
    });
  }

  /** Commits what is queued now (also called directly, e.g. before the store closes). */
  flush(): void {
    if (this.immediate !== undefined) clearImmediate(this.immediate);
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.immediate = undefined;
    this.retryTimer = undefined;
    this.scheduled = false;
    let group = this.queued;
    this.queued = [];
    if (group.length === 0) return this.notifyIdle();
    let outcomes: GroupOutcome<R>[] | undefined;
    let failure: unknown;
    try {
      outcomes = this.commit(group.map((queued) => queued.item));
      this.failedAttempts = 0;
    } catch (error) {
      failure = error;
    }
    if (outcomes === undefined && this.retry?.retryable(failure)) {
      const now = performance.now();
      this.queued = group.filter((queued) => queued.deadline > now);
      group = group.filter((queued) => queued.deadline <= now);
      if (this.queued.length > 0) this.scheduleRetry();
      else this.failedAttempts = 0;
    }
    this.settle(group, outcomes, failure);
    if (this.queued.length === 0 && !this.scheduled) this.notifyIdle();
  }

  /** Settles once nothing is queued or waiting for a retry: every item added so far has its outcome. */
  whenIdle(): Promise<void> {
    if (this.queued.length === 0 && this.retryTimer === undefined && !this.scheduled) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private scheduleRetry(): void {
    const pause = Math.min(FIRST_RETRY_MS * 2 ** this.failedAttempts, LONGEST_RETRY_MS);
    this.failedAttempts += 1;
    this.retryTimer = setTimeout(() => this.flush(), pause);
  }

  private settle(group: Queued<T, R>[], outcomes: GroupOutcome<R>[] | undefined, failure: unknown): void {
    if (group.length === 0) return;
    const id = (this.groups += 1);
    this.settling = id;
    group.forEach((queued, i) => {
      const outcome = outcomes?.[i] ?? { ok: false, error: failure };
      if (outcome.ok) queued.resolve(outcome.value);
      else queued.reject(outcome.error);
    });
    // Queued after the callbacks of this group, so the tick runs once every callback they set off has run.
    queueMicrotask(() =>
      process.nextTick(() => {
        if (this.settling === id) this.settling = 0;
      }),
    );
  }

  private notifyIdle(): void {
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
