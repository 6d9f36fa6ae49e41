import type { RuleEntry, RuleSource } from '@app/games/rules-reference/rules-reference';

function sourceText(source: RuleSource): string {
  const where = source.version ?? '';
  return where ? `${source.page}; ${where}` : source.page;
}

/**
 * One rule of the reference as `sanctum rules` prints it: `D2  title`, then what it says, the project's choice
 * where the pages are silent, and where it comes from, each indented under the id. Long lines are left to the
 * terminal to wrap, so that `grep` finds a whole statement on one line.
 */
export function ruleLines(entry: RuleEntry): string[] {
  return [
    `${entry.id}  ${entry.title}`,
    `  ${entry.statement}`,
    ...(entry.assumption ? [`  [A] ${entry.assumption}`] : []),
    ...entry.sources.map((source) => `  from: ${sourceText(source)}`),
  ];
}

/** Rules one after the other, a blank line between two. */
export function rulesText(entries: readonly RuleEntry[]): string[] {
  return entries.flatMap((entry, i) => (i === 0 ? ruleLines(entry) : ['', ...ruleLines(entry)]));
}
