import * as path from 'node:path';

/**
 * A path as the user meant it. `npm run sanctum` runs in the repository root, not where the user typed the
 * command; npm records that directory in INIT_CWD, so relative paths are resolved from there.
 */
export function userPath(given: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
}
