/** One queued item's outcome inside a group: its own value, or its own error (the others still commit). */
export type GroupOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Queued<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

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
 */
export class GroupCommitQueue<T, R> {
  private queued: Queued<T, R>[] = [];
  private scheduled = false;
  private immediate: NodeJS.Immediate | undefined;
  /** The group whose callbacks are running now (0: none): what they add follows it in the same check phase. */
  private settling = 0;
  private groups = 0;

  constructor(private readonly commit: (items: T[]) => GroupOutcome<R>[]) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      if (this.settling !== 0) process.nextTick(() => this.flush());
      else this.immediate = setImmediate(() => this.flush());
    });
  }

  /** Commits what is queued now (also called directly, e.g. before the store closes). */
  flush(): void {
    if (this.immediate !== undefined) clearImmediate(this.immediate);
    this.immediate = undefined;
    this.scheduled = false;
    const group = this.queued;
    if (group.length === 0) return;
    this.queued = [];
    let outcomes: GroupOutcome<R>[] | undefined;
    let failure: unknown;
    try {
      outcomes = this.commit(group.map((queued) => queued.item));
    } catch (error) {
      failure = error;
    }
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
}
