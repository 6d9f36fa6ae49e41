import * as fs from 'node:fs';
import * as path from 'node:path';
import { create } from 'ts-node';
import { npmScriptAsNodeCommand } from './npm-script.command';
import { REPO_ROOT } from './repo-root';

/**
 * The sources of apps/ and libs/ compiled once for a test run, each file exactly as ts-node compiles it when
 * `npm run sanctum` runs (its swc transpiler, from the same tsconfig): the suites start the CLI a few hundred times,
 * and compiling its files again in each process was most of what a start cost. Specs are left out; other files
 * (JSON the sources require, the page assets) are copied beside them.
 *
 * Each test run compiles into a folder of its own under node_modules/.cache (so that the compiled files find the
 * project's packages as the sources do, and two runs at once do not share one), removed when the run ends: it is
 * never older than the sources.
 */
const COMPILED_SOURCES_PARENT = path.join(REPO_ROOT, 'node_modules', '.cache');

/** The variable that tells a suite the compiled sources are there. */
export const COMPILED_SOURCES_VARIABLE = 'SANCTUM_COMPILED_SOURCES';

const SOURCE_ROOTS = ['apps', 'libs'];

function isSpec(file: string): boolean {
  return /\.(spec|e2e-spec)\.ts$/.test(file) || file.endsWith('.d.ts');
}

/** Compiles the sources into a new folder of this run's and answers it. */
export function compileSourcesForRun(): string {
  fs.mkdirSync(COMPILED_SOURCES_PARENT, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(COMPILED_SOURCES_PARENT, 'sanctum-compiled-sources-'));
  const service = create({
    cwd: REPO_ROOT,
    project: path.join(REPO_ROOT, 'tsconfig.json'),
    transpileOnly: true,
    swc: true,
  });
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const from = path.join(dir, entry.name);
      const to = path.join(outDir, path.relative(REPO_ROOT, from));
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(from);
        continue;
      }
      if (!entry.isFile()) continue;
      fs.mkdirSync(path.dirname(to), { recursive: true });
      if (!from.endsWith('.ts')) {
        fs.copyFileSync(from, to);
      } else if (!isSpec(from)) {
        fs.writeFileSync(to.replace(/\.ts$/, '.js'), service.compile(fs.readFileSync(from, 'utf8'), from));
      }
    }
  };
  for (const root of SOURCE_ROOTS) walk(path.join(REPO_ROOT, root));
  return outDir;
}

/** A node command line, and the variables it needs beside the caller's. */
export interface NodeCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * A package.json script whose last word is its TypeScript entry (`npm start`: `node -r ts-node/… apps/api/src/main.ts`),
 * as a node command line on the compiled sources, with the variable that resolves the `@app/*` paths there; the
 * script's own command line when the test run has not compiled them (a suite started some other way). Started
 * without npm in front: a SIGKILL must hit the process, and npm's own start costs as much CPU as the CLI's.
 */
export function scriptCommand(name: string): NodeCommand {
  const script = npmScriptAsNodeCommand(name);
  const dir = process.env[COMPILED_SOURCES_VARIABLE];
  const entry = script.args[script.args.length - 1];
  if (!dir || !entry?.endsWith('.ts')) return { ...script, env: {} };
  // The script's own flags, but for the TypeScript hook the compiled files no longer need; the paths hook stays.
  const args = script.args.slice(0, -1);
  const hook = args.findIndex((arg) => arg.startsWith('ts-node/register'));
  if (hook > 0 && args[hook - 1] === '-r') args.splice(hook - 1, 2);
  return {
    command: script.command,
    args: [...args, path.join(dir, entry.replace(/\.ts$/, '.js'))],
    env: { TS_NODE_BASEURL: dir },
  };
}
