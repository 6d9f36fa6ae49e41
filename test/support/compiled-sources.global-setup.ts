import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMPILED_SOURCES_PARENT, COMPILED_SOURCES_VARIABLE, compileSources } from './compiled-sources';

/** Jest's globalSetup: the sources compiled once for the run; the suites' processes inherit the variable. */
export default function globalSetup(): void {
  fs.mkdirSync(COMPILED_SOURCES_PARENT, { recursive: true });
  const dir = fs.mkdtempSync(path.join(COMPILED_SOURCES_PARENT, 'sanctum-compiled-sources-'));
  compileSources(dir);
  process.env[COMPILED_SOURCES_VARIABLE] = dir;
}
