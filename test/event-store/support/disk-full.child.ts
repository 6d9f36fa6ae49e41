/**
 * Run inside a mount namespace where `process.argv[2]` is a small tmpfs (sqlite-disk-full.e2e-spec.ts starts it):
 * a SqliteEventStore on that file system is filled up, and what it answered is printed as one JSON line.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SqliteEventStore } from '@app/event-store';
import { MIN_FREE_BYTES } from '@app/event-store/sqlite/sqlite-durability.check';

const MIB = 1024 * 1024;
const STREAM = 'game-full';
const event = () => ({ type: 'Big', data: { text: 'x'.repeat(16 * 1024) }, metadata: {} });

const why = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: Error) => `${error.constructor.name}: ${error.message}`,
  );

async function main(): Promise<void> {
  const dir = process.argv[2];
  const file = path.join(dir, 'full.db');
  const filler = path.join(dir, 'filler');
  let store = new SqliteEventStore({ path: file });
  const readyAtFirst = await why(store.checkReady());

  // All but 2 MiB taken by another file: less than a commit may need, more than a few commits take.
  const { bavail, bsize } = fs.statfsSync(dir);
  fs.writeFileSync(filler, Buffer.alloc(bavail * bsize - 2 * MIB));
  const readyWhenAllButFull = await why(store.checkReady());

  let acknowledged = 0;
  let refusal: string | null = null;
  while (refusal === null && acknowledged < 10_000) {
    refusal = await why(store.append(STREAM, [event()], 'any'));
    if (refusal === null) acknowledged += 1;
  }
  const readyWhenFull = await why(store.checkReady());

  fs.rmSync(filler);
  const readyWhenFreed = await why(store.checkReady());
  const appendWhenFreed = await why(store.append(STREAM, [event()], 'any'));
  if (appendWhenFreed === null) acknowledged += 1;
  await store.close();

  store = new SqliteEventStore({ path: file });
  const stored = ((await store.streamRevision(STREAM)) ?? -1) + 1;
  await store.close();
  process.stdout.write(
    `${JSON.stringify({ minFreeBytes: MIN_FREE_BYTES, readyAtFirst, readyWhenAllButFull, refusal, readyWhenFull, readyWhenFreed, appendWhenFreed, acknowledged, stored })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exitCode = 1;
});
