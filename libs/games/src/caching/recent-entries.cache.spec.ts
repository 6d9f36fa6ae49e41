import { RecentEntriesCache } from './recent-entries.cache';

describe('RecentEntriesCache', () => {
  it('keeps the most recently remembered entries up to its capacity, dropping the oldest', () => {
    const cache = new RecentEntriesCache<string, number>(2);
    cache.remember('a', 1);
    cache.remember('b', 2);
    cache.remember('a', 3); // a is now the newest
    cache.remember('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
    expect(cache.size).toBe(2);
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
