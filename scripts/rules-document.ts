import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULES_REFERENCE, type RuleEntry } from '../libs/games/src/rules-reference/rules-reference';
import { cites, filesUnder, read, repoPath, rulesRecordedBy, testTitles } from './rule-citations';

const ROOT = path.resolve(__dirname, '..');

/** Where the repository keeps the document. */
export const RULES_DOCUMENT_FILE = 'docs/rules.md';

/** The engine's sources (what records each rule), and where tests and scenario files live. */
const ENGINE = path.join(ROOT, 'libs/rules/src');
const TEST_ROOTS = ['libs/rules', 'libs/games', 'test'].map((dir) => path.join(ROOT, dir));
const SCENARIOS = path.join(ROOT, 'test/scenarios/fixtures');

interface Citations {
  recordedBy: Map<string, string[]>;
  testedBy: Map<string, string[]>;
  scenarios: Map<string, string[]>;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

function citations(ids: readonly string[]): Citations {
  const recordedBy = new Map<string, string[]>();
  for (const file of filesUnder(ENGINE, ['.ts']).filter((file) => !file.endsWith('.spec.ts'))) {
    for (const id of rulesRecordedBy(read(file))) push(recordedBy, id, repoPath(ROOT, file));
  }
  const testedBy = new Map<string, string[]>();
  for (const file of TEST_ROOTS.flatMap((dir) => filesUnder(dir, ['.spec.ts', '.e2e-spec.ts']))) {
    const titles = testTitles(read(file));
    for (const id of ids) {
      if (titles.some((title) => cites(title, id))) push(testedBy, id, repoPath(ROOT, file));
    }
  }
  const scenarios = new Map<string, string[]>();
  for (const file of filesUnder(SCENARIOS, ['.scenario.json'])) {
    for (const id of rulesNamedBy(path.basename(file, '.scenario.json'))) push(scenarios, id, repoPath(ROOT, file));
  }
  return { recordedBy, testedBy, scenarios };
}

/**
 * The rules a scenario fixture's name starts with: `d2-d3-armor-…` shows D2 and D3, `e1-1-second-…` E1.1 (a number
 * after a rule id is its sub-rule).
 */
function rulesNamedBy(name: string): string[] {
  const tokens = name.split('-');
  const ids: string[] = [];
  for (let i = 0; i < tokens.length && /^[bdekqst]\d+$/.test(tokens[i]!); i += 1) {
    const sub = tokens[i + 1];
    if (sub !== undefined && /^\d+$/.test(sub)) {
      ids.push(`${tokens[i]!.toUpperCase()}.${sub}`);
      i += 1;
    } else {
      ids.push(tokens[i]!.toUpperCase());
    }
  }
  return ids;
}

function sourceText(source: RuleEntry['sources'][number]): string {
  return source.version ? `${source.page}, ${source.version}` : source.page;
}

function sourcesLine(entry: RuleEntry): string {
  return entry.sources.map(sourceText).join('; ');
}

function section(entry: RuleEntry, found: Citations): string[] {
  const lines = [`### ${entry.id} — ${entry.title}`, '', entry.statement, '', `- **Source:** ${sourcesLine(entry)}`];
  if (entry.assumption) lines.push(`- **The project's choice [A]:** ${entry.assumption}`);
  const recorded = found.recordedBy.get(entry.id) ?? [];
  lines.push(
    `- **Recorded by:** ${recorded.length === 0 ? 'no engine file names it in an event' : recorded.map((file) => `\`${file}\``).join(', ')}`,
  );
  const tested = found.testedBy.get(entry.id) ?? [];
  lines.push(
    `- **Tested by:** ${tested.length === 0 ? 'no test names it' : tested.map((file) => `\`${file}\``).join(', ')}`,
  );
  const scenarios = found.scenarios.get(entry.id) ?? [];
  if (scenarios.length > 0) lines.push(`- **Scenario files:** ${scenarios.map((file) => `\`${file}\``).join(', ')}`);
  return [...lines, ''];
}

/**
 * docs/rules.md: the rules the engine implements, in the project's own words (the rules reference behind `/rules`
 * and `sanctum rules`), each with its source page, and the engine files that record it in events and the tests
 * whose names cite it — made from the code by `npm run docs`, so a test fails when it is stale.
 */
export function rulesDocument(): string {
  const ids = RULES_REFERENCE.map((entry) => entry.id);
  const found = citations(ids);
  const pages = [...new Set(RULES_REFERENCE.flatMap((entry) => entry.sources.map(sourceText)))];
  const lines = [
    '# The rules the engine implements',
    '',
    '<!-- Written by `npm run docs` from libs/games/src/rules-reference/rules-reference.ts, the engine and the tests;',
    '     do not edit by hand: a test fails when this file is stale. -->',
    '',
    'Every event the engine records names the rule that produced it (`metadata.rule`); these are those rules, in',
    'the project’s own words, as `GET /rules` and `sanctum rules` serve them. Each names the rulebook page it comes',
    'from, the engine files that record it in events, and the tests that cite it by id in their names. Where the',
    'pages are silent the project chose, and says so as an assumption [A] with the `RULES_OPTIONS` key that holds it',
    '(libs/rules/src/rules-options.ts).',
    '',
    '## Source pages',
    '',
    ...pages.map((page) => `- ${page}`),
    '',
    '## Rules',
    '',
    ...RULES_REFERENCE.flatMap((entry) => section(entry, found)),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

if (require.main === module) {
  fs.writeFileSync(path.join(ROOT, RULES_DOCUMENT_FILE), rulesDocument());
  process.stdout.write(`wrote ${RULES_DOCUMENT_FILE}\n`);
}
