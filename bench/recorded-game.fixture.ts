import * as fs from 'node:fs';
import { jsonFromChildProcess } from './child-process.kit';
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
  return jsonFromChildProcess<RecordedGame>(
    __filename,
    [JSON.stringify(size), String(seed)],
    'recording the synthetic game',
  );
}

if (require.main === module) {
  const [size, seed, file] = process.argv.slice(2);
  fs.writeFileSync(file, JSON.stringify(recordSyntheticGame(JSON.parse(size) as WorkloadSize, Number(seed))));
}
