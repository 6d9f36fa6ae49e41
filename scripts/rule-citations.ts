import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The string titles of `it(…)`, `test(…)` and `describe(…)` calls (with `.only`, `.skip`, `.each(…)` too). */
export function testTitles(source: string): string[] {
  const call =
    /(?<![\w$.])(?:it|test|describe)(?:\.(?:only|skip|concurrent|failing))?(?:\.each\s*(?:\([^)]*\)|`[^`]*`))?\s*\(\s*(['"`])(?<title>(?:\\.|(?!\1)[^\\])*)\1/g;
  return [...source.matchAll(call)].flatMap((match) => match.groups?.title ?? []);
}

/** Whether a text cites the rule id as a whole token (`E1` is not cited by `E1.1` alone, nor `S1` by `S10`). */
export function cites(text: string, id: string): boolean {
  const escaped = id.replace(/\./g, '\\.');
  return new RegExp(`(?<![A-Za-z0-9.])${escaped}(?![A-Za-z0-9]|\\.[0-9])`).test(text);
}

/** Every file under `directory` whose name ends with one of `endings` (node_modules and dist left out). */
export function filesUnder(directory: string, endings: readonly string[]): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory())
        return entry.name === 'node_modules' || entry.name === 'dist' ? [] : filesUnder(path, endings);
      return endings.some((ending) => entry.name.endsWith(ending)) ? [path] : [];
    });
}

/** The rule ids a source file of the engine records in its events (`rule: 'D4'`, `rule: ASSUMPTION`). */
export function rulesRecordedBy(source: string): Set<string> {
  const recorded = new Set<string>();
  for (const match of source.matchAll(/\brule: ['"](?<id>[A-Z][0-9.]*)['"]/g)) recorded.add(match.groups!.id!);
  if (/\brule: ASSUMPTION\b/.test(source)) recorded.add('A');
  return recorded;
}

/** Paths as the repository writes them: relative to its root, with forward slashes. */
export function repoPath(root: string, file: string): string {
  return relative(root, file).split('\\').join('/');
}

export function read(file: string): string {
  return readFileSync(file, 'utf8');
}
