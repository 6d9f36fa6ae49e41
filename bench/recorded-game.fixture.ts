import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { RecordedGame, WorkloadSize } from './synthetic-game';
import { recordSyntheticGame } from './synthetic-game';

/**
 * A synthetic game recorded in a process of its own and handed back as parsed JSON (as a store would).
 *
 * Why not record in the benchmark's own process: recording keeps every event the engine emits, and V8 learns
 * from that (allocation-site pretenuring) to allocate every later event straight into the old generation — which
 * made deciding ~1.6× slower for the rest of the process. The service never keeps the events it decides (they go
 * to the store and the response), so a benchmark that did would measure the harness, not the engine.
 */
export function recordInChildProcess(size: WorkloadSize, seed: number): RecordedGame {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-bench-game-'));
  const file = path.join(dir, 'game.json');
  try {
    const result = spawnSync(
      process.execPath,
      [
        '-r',
        'ts-node/register/transpile-only',
        '-r',
        'tsconfig-paths/register',
        __filename,
        JSON.stringify(size),
        String(seed),
        file,
      ],
      { cwd: path.join(__dirname, '..'), stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (result.status !== 0) throw new Error(`recording the synthetic game failed (exit ${result.status})`);
    return JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedGame;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const [size, seed, file] = process.argv.slice(2);
  fs.writeFileSync(file, JSON.stringify(recordSyntheticGame(JSON.parse(size) as WorkloadSize, Number(seed))));
}
