import * as path from 'node:path';

/** The repository root: the CLI and the service run from there, exactly as `npm run` runs them for a user. */
export const REPO_ROOT = path.resolve(__dirname, '../..');
