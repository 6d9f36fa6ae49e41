/**
 * Issue #13, item 8: a full disk, for real. The store runs on a tmpfs of 16 MiB, mounted in a mount namespace of
 * its own (`unshare -rm`: no privilege over the host, nothing mounted outside), which another file then fills.
 * Readiness goes down while less than MIN_FREE_BYTES are free, the append that does not fit is refused as
 * unavailable (503 over HTTP), nothing acknowledged is lost, and once space is freed the store is ready and takes
 * appends again. Where user namespaces are not allowed, the test says so and checks nothing (the same behaviour
 * is simulated in sqlite-event-store.spec.ts).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/repo-root';

const TMPFS_SIZE = '16m';

function namespacesWork(): boolean {
  const probe = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs /mnt'], { encoding: 'utf8' });
  return probe.status === 0;
}

const usable = namespacesWork();

describe('SqliteEventStore on a disk that fills up (tmpfs in a mount namespace)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-full-'));

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  (usable ? it : it.skip)(
    'goes unready when all but full, refuses the append that does not fit, loses nothing, recovers when freed',
    () => {
      const child = spawnSync(
        'unshare',
        [
          '-rm',
          'sh',
          '-c',
          `mount -t tmpfs -o size=${TMPFS_SIZE} tmpfs "$0" && exec "$@"`,
          dir,
          process.execPath,
          '-r',
          'ts-node/register/transpile-only',
          '-r',
          'tsconfig-paths/register',
          'test/event-store/support/disk-full.child.ts',
          dir,
        ],
        { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
      );
      expect(child.stderr).toBe('');
      expect(child.status).toBe(0);
      const result = JSON.parse(child.stdout) as Record<string, string | number | null>;
      expect(result.readyAtFirst).toBeNull();
      expect(result.readyWhenAllButFull).toMatch(/^EventStoreUnavailableError: .*the disk of .*full\.db is full/);
      expect(result.refusal).toMatch(/^EventStoreUnavailableError: .*SQLITE_FULL/);
      expect(result.readyWhenFull).toMatch(/is full/);
      expect(result.readyWhenFreed).toBeNull();
      expect(result.appendWhenFreed).toBeNull();
      expect(result.acknowledged).toBeGreaterThan(0);
      expect(result.stored).toBe(result.acknowledged);
    },
  );

  if (!usable) it('is skipped: user and mount namespaces (unshare -rm) are not allowed here', () => undefined);
});
