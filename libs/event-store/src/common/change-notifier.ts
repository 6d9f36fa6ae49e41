/** What a live subscription listens to: "something may have been appended" and "the store closed". */
export interface ChangeListener {
  onChange(): void;
  onClose(): void;
}

/**
 * In-process wake-up signal for catch-up subscriptions. It carries no events on purpose: subscribers re-read
 * from their own checkpoint, so a notification can be lost, duplicated or early without losing or duplicating
 * an event. That is also why the notifications of one burst are coalesced: the appends of a group commit settle
 * together, and each subscriber then reads once for all of them instead of once per append (the garbage-collection
 * scheduler's read after every append was 7% of a command's CPU). A microtask, not a later turn of the event loop:
 * in-process subscribers (the scheduler) still see an append before any new request is read.
 */
export class ChangeNotifier {
  private readonly listeners = new Set<ChangeListener>();
  private pending = false;

  get size(): number {
    return this.listeners.size;
  }

  listen(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    if (this.pending || this.listeners.size === 0) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      for (const listener of [...this.listeners]) listener.onChange();
    });
  }

  close(): void {
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener.onClose();
  }
}
