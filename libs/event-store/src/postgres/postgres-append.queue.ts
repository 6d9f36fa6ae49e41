/** One append's outcome inside a group: its own value, or its own error (the others still commit). */
export type AppendOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Queued<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for a store whose commits are asynchronous: appends made while the previous group commits (or in
 * the same turn of the event loop as the first) wait and go together as the next group, one transaction. Every
 * append of the whole database is serialised by the append lock anyway, so one group in flight per process costs
 * nothing, and under load one commit (one WAL flush, one lock hand-over) serves many appends. Each caller's
 * promise settles after its group's commit, with its own outcome; if `commit` throws, every caller in the group
 * gets that error.
 */
export class AppendGroupQueue<T, R> {
  private queued: Queued<T, R>[] = [];
  private running = false;
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly commit: (items: T[]) => Promise<AppendOutcome<R>[]>,
    private readonly maxGroupSize: number,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      if (this.running || this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.run());
    });
  }

  /** Resolves once every append queued so far has been committed or failed. */
  whenIdle(): Promise<void> {
    if (!this.running && !this.scheduled && this.queued.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async run(): Promise<void> {
    this.scheduled = false;
    this.running = true;
    try {
      while (this.queued.length > 0) {
        const group = this.queued.splice(0, this.maxGroupSize);
        let outcomes: AppendOutcome<R>[] | undefined;
        let failure: unknown;
        try {
          outcomes = await this.commit(group.map((queued) => queued.item));
        } catch (error) {
          failure = error;
        }
        group.forEach((queued, i) => {
          const outcome = outcomes?.[i] ?? { ok: false, error: failure };
          if (outcome.ok) queued.resolve(outcome.value);
          else queued.reject(outcome.error);
        });
      }
    } finally {
      this.running = false;
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }
}
