import { Command, CommandRunner, Option } from 'nest-commander';
import { RULES_REFERENCE, ruleEntry } from '@app/games/rules-reference/rules-reference';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { isBrokenPipe, writeLines } from '../output';
import { rulesText } from './rules-text.format';

export interface RulesOptions {
  json?: boolean;
}

/**
 * `sanctum rules [ID] [--json]`: the project's rules reference (libs/games rules-reference.ts, the one served at
 * `/rules`): every rule id the engine cites in `metadata.rule`, or the one asked for (any case), with what it says
 * and the rulebook page it comes from. `--json` prints what `GET /rules` / `GET /rules/:id` answer. An unknown id
 * exits 2, naming it and the ids there are.
 */
@Command({
  name: 'rules',
  arguments: '[id]',
  description: 'print the rules reference: every rule id events cite, or one of them, with its source page',
  argsDescription: { id: 'a rule id as events cite it in metadata.rule (D2, E1.1, S10, A; any case)' },
})
export class RulesCommand extends CommandRunner {
  @Option({ flags: '--json', description: 'print the JSON of GET /rules (or GET /rules/:id) instead of text' })
  parseJson(): boolean {
    return true;
  }

  async run([id]: string[], options: RulesOptions = {}): Promise<void> {
    try {
      await writeLines(process.stdout, this.lines(id, options.json === true));
      process.exitCode = EXIT.ok;
    } catch (error) {
      if (isBrokenPipe(error)) return;
      if (!(error instanceof CliFailure)) throw error;
      process.stderr.write(`${error.message}\n`);
      process.exitCode = error.exitCode;
    }
  }

  private lines(id: string | undefined, json: boolean): string[] {
    if (id === undefined) {
      return json ? [JSON.stringify({ rules: RULES_REFERENCE }, null, 2)] : rulesText(RULES_REFERENCE);
    }
    const entry = ruleEntry(id);
    if (entry === undefined) {
      const known = RULES_REFERENCE.map((rule) => rule.id).join(', ');
      throw new CliFailure(EXIT.invalidInput, `no rule "${id}": the rules are ${known}`);
    }
    return json ? [JSON.stringify(entry, null, 2)] : rulesText([entry]);
  }
}
