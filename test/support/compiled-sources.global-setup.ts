import { COMPILED_SOURCES_DIR, COMPILED_SOURCES_VARIABLE, compileSources } from './compiled-sources';

/** Jest's globalSetup: the sources compiled once for the run; the suites' processes inherit the variable. */
export default function globalSetup(): void {
  compileSources(COMPILED_SOURCES_DIR);
  process.env[COMPILED_SOURCES_VARIABLE] = COMPILED_SOURCES_DIR;
}
