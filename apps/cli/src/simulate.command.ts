import { writeFile } from 'node:fs/promises';
import { Command, CommandRunner, Option } from 'nest-commander';
import { runScenario, ScenarioFailed } from '@app/rules';
import type { CommandRejected, GameState, Scenario, ScenarioRun } from '@app/rules';
import { CliFailure } from './cli-failure.error';
import { eventLine } from './event-line';
import { EXIT } from './exit-codes';
import { gameIdFromFile, isGameId } from './game-id';
import { isBrokenPipe, writeLines } from './output';
import { ScenarioFileReader } from './scenario-file.reader';
import { userPath } from './user-path';
import { requiredArgument } from './required-argument';

export interface SimulateOptions {
  state?: string;
  gameId?: string;
}

/** `S5: reason`, or just the reason when no rule refused it. */
function ruleAndReason(rejection: CommandRejected): string {
  return rejection.rule ? `${rejection.rule}: ${rejection.reason}` : rejection.reason;
}

function note(line: string): void {
  process.stderr.write(`${line}\n`);
}

/**
 * `sanctum simulate FILE [--state OUT.json] [--game-id ID]`: plays a scenario file through the rules engine and
 * prints every event as one JSON line `{"revision","type","data","metadata"}` on stdout. Exit codes: see
 * exit-codes.ts. An order marked `expectRejected` that the rules refuse is noted on stderr and skipped.
 */
@Command({
  name: 'simulate',
  arguments: '<file>',
  description: 'play a *.scenario.json file and print its events as JSON lines',
  argsDescription: { file: 'the scenario file (relative paths: from where npm was started)' },
})
export class SimulateCommand extends CommandRunner {
  constructor(private readonly reader: ScenarioFileReader) {
    super();
  }

  @Option({ flags: '--state <out>', description: 'also write the final state to this file, as JSON' })
  parseState(value: string): string {
    return value;
  }

  @Option({ flags: '--game-id <id>', description: 'the game id in the events (default: from the file name)' })
  parseGameId(value: string): string {
    return value;
  }

  async run(args: string[], options: SimulateOptions = {}): Promise<void> {
    const file = requiredArgument(args, 'file');
    try {
      process.exitCode = await this.simulate(file, options);
    } catch (error) {
      if (isBrokenPipe(error)) return;
      if (!(error instanceof CliFailure)) throw error;
      if (error.lines.length > 0) await writeLines(process.stdout, error.lines);
      note(error.message);
      process.exitCode = error.exitCode;
    }
  }

  private async simulate(file: string, options: SimulateOptions): Promise<number> {
    const gameId = options.gameId ?? gameIdFromFile(file);
    if (!isGameId(gameId)) {
      throw new CliFailure(
        EXIT.invalidInput,
        `--game-id: "${gameId}" is not a valid game id (letters, digits, _ and -, starting with a letter, at most 64)`,
      );
    }
    const run = this.play(file, await this.reader.read(file), gameId);
    for (const rejection of run.rejections) {
      note(`${rejection.place} rejected as expected: ${ruleAndReason(rejection.error)}`);
    }
    for (const place of run.acceptedDespiteExpectation) {
      note(`warning: ${place} is marked expectRejected, but the rules accepted it`);
    }
    if (options.state !== undefined) await this.writeState(options.state, run.state);
    await writeLines(process.stdout, run.events.map(eventLine));
    return EXIT.ok;
  }

  /** Runs the engine; a refused set-up is an invalid file (2), a refused order a rejected run (1). */
  private play(file: string, scenario: Scenario, gameId: string): ScenarioRun {
    try {
      return runScenario(scenario, gameId);
    } catch (error) {
      if (!(error instanceof ScenarioFailed)) throw error;
      const { place, rejection } = error;
      if (place === 'setup') {
        const field = rejection.field ? `${rejection.field}: ` : '';
        const rule = rejection.rule ? `rule ${rejection.rule}: ` : '';
        throw new CliFailure(
          EXIT.invalidInput,
          `${file}: the rules refuse the set-up: ${field}${rule}${rejection.reason}`,
        );
      }
      const rule = rejection.rule ? `rule ${rejection.rule}: ` : '';
      // The game up to the refusal is still printed: it shows the state the order was refused in.
      throw new CliFailure(EXIT.rejected, `${place}: ${rule}${rejection.reason}`, error.events.map(eventLine));
    }
  }

  private async writeState(out: string, state: GameState): Promise<void> {
    try {
      await writeFile(userPath(out), `${JSON.stringify(state, null, 2)}\n`, 'utf8');
    } catch (error) {
      throw new CliFailure(EXIT.invalidInput, `--state ${out}: cannot write the file: ${(error as Error).message}`);
    }
  }
}
