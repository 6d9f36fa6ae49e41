/**
 * A map that keeps at most `capacity` entries: remembering an entry makes it the newest, and past the capacity the
 * oldest is dropped. For caches whose entries can always be rebuilt (states, decks, checked tokens, redactors).
 */
export class RecentEntriesCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  remember(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  forget(key: K): void {
    this.entries.delete(key);
  }

  forgetAll(): void {
    this.entries.clear();
  }
}
