import { Command, CommandRunner, Option } from 'nest-commander';
import { auditPassed } from '@app/games';
import { EXIT } from './exit-codes';
import { writeLines } from './output';
import { ScenarioFileReader } from './scenario-file.reader';
import { runStoreTask } from './transfer/run-store-task';
import { auditTarget, verifyTarget } from './verify-sources';
import { verifyVerdictLines } from './verify-report.format';

export interface VerifyOptions {
  json?: boolean;
}

/**
 * `sanctum verify GAME|FILE`: the audit of GET /games/:id/audit, on a game in the configured store (read only) or
 * on a file with no store at all: an export (`*.jsonl`, with its hash chain), the events of the HTTP API
 * (`*.json`), or a scenario (simulated, then verified: a self-check). Exit 0 when the chain is intact and the
 * engine re-derives every event, 3 when not (the verdict names the first revision), 2 on unusable input.
 */
@Command({
  name: 'verify',
  arguments: '<game-or-file>',
  description: 'audit a game: is its hash chain intact, and does the engine re-derive every stored event?',
  argsDescription: {
    'game-or-file':
      'a game id in the store EVENT_STORE / SQLITE_PATH / ESDB_CONNECTION_STRING name, or a .jsonl export, a .json ' +
      'list of events, or a .scenario.json',
  },
})
export class VerifyCommand extends CommandRunner {
  constructor(private readonly scenarios: ScenarioFileReader) {
    super();
  }

  @Option({ flags: '--json', description: 'print the audit report as JSON instead of the verdict in words' })
  parseJson(): boolean {
    return true;
  }

  async run([given]: string[], options: VerifyOptions = {}): Promise<void> {
    await runStoreTask(async () => {
      const target = verifyTarget(given);
      const report = await auditTarget(target, this.scenarios);
      const source = target.kind === 'game' ? 'stored' : given;
      const lines = options.json ? [JSON.stringify(report, null, 2)] : verifyVerdictLines(report, source);
      await writeLines(process.stdout, lines);
      return auditPassed(report) ? EXIT.ok : EXIT.tampered;
    });
  }
}
