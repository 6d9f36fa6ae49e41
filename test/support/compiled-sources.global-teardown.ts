import * as fs from 'node:fs';
import { COMPILED_SOURCES_VARIABLE } from './compiled-sources';

/** Jest's globalTeardown: the run's compiled sources go with it. */
export default function globalTeardown(): void {
  const dir = process.env[COMPILED_SOURCES_VARIABLE];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
