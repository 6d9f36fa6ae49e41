import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** How every benchmark process is started: TypeScript through ts-node, path aliases, and `gc()` available. */
export const BENCH_NODE_ARGS = [
  '--expose-gc',
  '-r',
  'ts-node/register/transpile-only',
  '-r',
  'tsconfig-paths/register',
];

/** Runs a TypeScript script in a process of its own, from the repository root, its output shown as it comes. */
export function runScript(script: string, args: string[]): boolean {
  const result = spawnSync(process.execPath, [...BENCH_NODE_ARGS, script, ...args], {
    cwd: path.join(__dirname, '..'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return result.status === 0;
}

/**
 * What a script computes in a process of its own: it is run with a temporary file's path as its last argument,
 * writes its result there as JSON, and the parsed result comes back.
 */
export function jsonFromChildProcess<T>(script: string, args: string[], what: string): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-bench-'));
  const file = path.join(dir, 'result.json');
  try {
    if (!runScript(script, [...args, file])) throw new Error(`${what} failed in its own process`);
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
