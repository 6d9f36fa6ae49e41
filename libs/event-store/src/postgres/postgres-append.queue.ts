/** One append's outcome inside a group: its own value, or its own error (the others still commit). */
export type AppendOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Queued<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export interface AppendGroupQueueOptions<T, R> {
  /** Commits one group in one transaction: an outcome per item, in order; throws if nothing was committed. */
  commit: (items: T[]) => Promise<AppendOutcome<R>[]>;
  /** The stream an item appends to: never two of one stream in a group, or in flight at once. */
  keyOf: (item: T) => string;
  maxGroupSize: number;
  /** How much an item weighs (its events), and how much a group may hold (an item heavier than that goes alone). */
  weightOf: (item: T) => number;
  maxGroupWeight: number;
  /** Groups committing at once (each on its own connection). */
  maxGroupsInFlight: number;
}

/**
 * Group commit for a store whose commits are asynchronous: appends made while earlier groups commit (or in the
 * same turn of the event loop) wait and go together as the next group, one transaction. Every append of the
 * database is serialised by the append lock anyway, so under load one commit (one WAL flush, one lock hand-over)
 * serves many appends; a few groups in flight let the next ones be sent and parsed while one holds the lock.
 * Each caller's promise settles after its group's commit, with its own outcome; if `commit` throws, every caller
 * in the group gets that error. An append waits while another to the same stream is queued before it or in
 * flight, so each is checked against the stream as the one before it left it.
 */
export class AppendGroupQueue<T, R> {
  private queued: Queued<T, R>[] = [];
  private readonly busy = new Set<string>();
  private inFlight = 0;
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: AppendGroupQueueOptions<T, R>) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // The rest of this turn of the event loop joins the group.
      setImmediate(() => {
        this.scheduled = false;
        this.send();
      });
    });
  }

  /** Resolves once every append queued so far has been committed or failed. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.inFlight === 0 && !this.scheduled && this.queued.length === 0;
  }

  private send(): void {
    while (this.inFlight < this.options.maxGroupsInFlight) {
      const group = this.takeGroup();
      if (group.length === 0) break;
      void this.commit(group);
    }
    if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async commit(group: Queued<T, R>[]): Promise<void> {
    const keys = group.map((queued) => this.options.keyOf(queued.item));
    for (const key of keys) this.busy.add(key);
    this.inFlight += 1;
    let outcomes: AppendOutcome<R>[] | undefined;
    let failure: unknown;
    try {
      outcomes = await this.options.commit(group.map((queued) => queued.item));
    } catch (error) {
      failure = error;
    }
    this.inFlight -= 1;
    for (const key of keys) this.busy.delete(key);
    group.forEach((queued, i) => {
      const outcome = outcomes?.[i] ?? { ok: false, error: failure };
      if (outcome.ok) queued.resolve(outcome.value);
      else queued.reject(outcome.error);
    });
    // What queued up meanwhile goes at once, as the next group.
    this.send();
  }

  /** The next group, in order; what it cannot take now (its stream is taken, it is full) stays queued, in order. */
  private takeGroup(): Queued<T, R>[] {
    const group: Queued<T, R>[] = [];
    const left: Queued<T, R>[] = [];
    const taken = new Set<string>();
    let weight = 0;
    for (const queued of this.queued) {
      const key = this.options.keyOf(queued.item);
      const itemWeight = this.options.weightOf(queued.item);
      const fits =
        group.length === 0 ||
        (group.length < this.options.maxGroupSize && weight + itemWeight <= this.options.maxGroupWeight);
      if (fits && !taken.has(key) && !this.busy.has(key)) {
        group.push(queued);
        weight += itemWeight;
      } else left.push(queued);
      taken.add(key); // a later append to a stream left behind stays behind it
    }
    this.queued = left;
    return group;
  }
}
