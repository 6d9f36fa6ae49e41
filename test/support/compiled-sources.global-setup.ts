import { COMPILED_SOURCES_VARIABLE, compileSourcesForRun } from './compiled-sources';

/** Jest's globalSetup of the service suites: the sources compiled once for the run; their processes inherit it. */
export default function globalSetup(): void {
  process.env[COMPILED_SOURCES_VARIABLE] = compileSourcesForRun();
}
