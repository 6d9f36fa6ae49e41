import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './repo-root';

/** A reporter as Jest's `reporters` takes it: its file, or its file and options. */
export type ReporterEntry = string | [string, Record<string, unknown>];

/**
 * A new folder of its own with a Jest configuration of `config` (its reporters, its test environment, …) beside
 * `rootDir`: the project's reporters and test environment are tested on specs written there.
 */
export function makeJestFolder(
  prefix: string,
  config: { reporters?: ReporterEntry[] } & Record<string, unknown>,
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(
    path.join(dir, 'jest.config.js'),
    `module.exports = { rootDir: __dirname, ...${JSON.stringify(config)} };\n`,
  );
  return dir;
}

/** Jest itself in `dir`, as CI runs it (its output is what the tests read). */
export function runJestIn(dir: string, ...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
}
