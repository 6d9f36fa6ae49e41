import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './repo-root';

/**
 * A package.json script (`npm start`, `npm run analytics`) exactly as it is spelled there, but to be started as
 * `node …` itself rather than through npm: a SIGKILL must hit the process, not an npm wrapper that would leave it
 * running.
 */
export function npmScriptAsNodeCommand(name: string): { command: string; args: string[] } {
  const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [node, ...args] = scripts[name].split(/\s+/);
  if (node !== 'node') throw new Error(`the ${name} script should start with node: ${scripts[name]}`);
  return { command: process.execPath, args };
}
