/** What a live subscription listens to: "something may have been appended" and "the store closed". */
export interface ChangeListener {
  onChange(): void;
  onClose(): void;
}

/**
 * In-process wake-up signal for catch-up subscriptions. It carries no events on purpose: subscribers re-read
 * from their own checkpoint, so a notification can be lost, duplicated or early without losing or duplicating
 * an event.
 */
export class ChangeNotifier {
  private readonly listeners = new Set<ChangeListener>();

  get size(): number {
    return this.listeners.size;
  }

  listen(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of [...this.listeners]) listener.onChange();
  }

  close(): void {
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener.onClose();
  }
}
