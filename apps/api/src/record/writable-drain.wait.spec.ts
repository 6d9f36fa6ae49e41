import { Writable } from 'node:stream';
import { drainedOrClosed } from './writable-drain.wait';

/** A writable that takes a chunk only when told to, so that every write but the first waits for a drain. */
function slowWritable(): { writable: Writable; take: () => void } {
  let pending: (() => void) | null = null;
  const writable = new Writable({
    highWaterMark: 4,
    write: (_chunk, _encoding, callback) => {
      pending = callback;
    },
  });
  return {
    writable,
    take: () => {
      const callback = pending;
      pending = null;
      callback?.();
    },
  };
}

describe('drainedOrClosed: a wait per page that leaves nothing behind', () => {
  it('settles on each drain and leaves no listener, however many pages wait', async () => {
    const { writable, take } = slowWritable();
    const listeners = () => ['drain', 'close', 'error'].map((name) => writable.listenerCount(name));
    const before = listeners();
    for (let page = 0; page < 50; page += 1) {
      expect(writable.write('a page')).toBe(false);
      const drained = drainedOrClosed(writable);
      take();
      await drained;
    }
    expect(listeners()).toEqual(before);
  });

  it('settles when the writable closes instead (a client that leaves never drains)', async () => {
    const { writable } = slowWritable();
    writable.write('a page');
    const waiting = drainedOrClosed(writable);
    writable.destroy();
    await expect(waiting).resolves.toBeUndefined();
    expect(['drain', 'close'].map((name) => writable.listenerCount(name))).toEqual([0, 0]);
  });
});
