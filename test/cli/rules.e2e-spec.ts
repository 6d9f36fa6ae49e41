import { RULES_REFERENCE } from '@app/games';
import { type CliRun, runSanctumThroughNpm } from '../support/run-cli';
import { runAll } from './replay-transfer.cli-runner';

/** The rule ids of `sanctum rules`' text: the lines that start at the margin. */
function headings(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => /^\S/.test(line))
    .map((line) => line.split('  ')[0]);
}

/** `sanctum rules [ID]` end to end: the reference of GET /rules, as text or JSON, and an unknown id refused. */
describe('sanctum rules (CLI end to end)', () => {
  let runs: Record<string, CliRun>;
  let throughNpm: CliRun;

  beforeAll(async () => {
    [throughNpm, runs] = await Promise.all([
      runSanctumThroughNpm(['rules', 'D2', '--json']),
      runAll({
        all: { args: ['rules'] },
        one: { args: ['rules', 'e1.1'] },
        json: { args: ['rules', '--json'] },
        oneJson: { args: ['rules', 'D2', '--json'] },
        unknown: { args: ['rules', 'Z9'] },
      }),
    ]);
  }, 60_000);

  it('prints every rule of the reference, in its order, with what it says and where it comes from', () => {
    const { exitCode, stdout, stderr } = runs.all;
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(headings(stdout)).toEqual(RULES_REFERENCE.map((rule) => rule.id));
    for (const rule of RULES_REFERENCE) {
      expect(`\n${stdout}`).toContain(`\n${rule.id}  ${rule.title}\n  ${rule.statement}\n`);
      if (rule.assumption) expect(stdout).toContain(`  [A] ${rule.assumption}\n`);
    }
  });

  it('ID (any case): that rule only, with its source pages', () => {
    const { exitCode, stdout } = runs.one;
    expect(exitCode).toBe(0);
    const rule = RULES_REFERENCE.find((entry) => entry.id === 'E1.1')!;
    expect(headings(stdout)).toEqual(['E1.1']);
    expect(stdout).toContain(`  ${rule.statement}\n`);
    for (const source of rule.sources) expect(stdout).toContain(`  from: ${source.page}`);
  });

  it('--json: what GET /rules and GET /rules/:id answer, from the same reference', () => {
    expect(runs.json.exitCode).toBe(0);
    expect(JSON.parse(runs.json.stdout)).toEqual({ rules: JSON.parse(JSON.stringify(RULES_REFERENCE)) });
    expect(JSON.parse(runs.oneJson.stdout)).toEqual(RULES_REFERENCE.find((entry) => entry.id === 'D2'));
  });

  it('an unknown id exits 2, naming it and the ids there are, with nothing on stdout', () => {
    const { exitCode, stdout, stderr } = runs.unknown;
    expect({ exitCode, stdout }).toEqual({ exitCode: 2, stdout: '' });
    expect(stderr).toContain('no rule "Z9": the rules are B1, B2,');
  });

  it('`npm run -s sanctum -- rules D2 --json`, as a user types it, prints what the script’s command line prints', () => {
    expect(throughNpm).toEqual(runs.oneJson);
    expect(JSON.parse(throughNpm.stdout)).toMatchObject({ id: 'D2' });
  });
});
