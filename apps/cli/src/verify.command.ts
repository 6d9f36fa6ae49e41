import { Command, CommandRunner, Option } from 'nest-commander';
import {
  type HandedReceipt,
  type Receipt,
  ReceiptsCheck,
  auditPassed,
  auditWithReceiptsLines,
  firstFailedReceipt,
  receiptVerdictLines,
  verifyVerdictLines,
} from '@app/verifier';
import { CliFailure } from './cli-failure.error';
import { EXIT } from './exit-codes';
import { writeLines } from './output';
import { RECEIPT_SIGNING_KEYS_OPTION } from './receipts/signing-keys.option';
import { type SigningKeys, configuredSigningKeys, signingKeysFrom } from './receipts/signing-keys.source';
import { readStatementFile } from './receipts/statement-file.reader';
import { ScenarioFileReader } from './scenario-file.reader';
import { runStoreTask } from './transfer/run-store-task';
import { auditTarget, verifyExportFile, verifyTarget } from './verify-sources';
import { requiredArgument } from './required-argument';

export interface VerifyOptions {
  json?: boolean;
  receipts?: string;
  key?: string;
}

/**
 * `sanctum verify GAME|FILE [--receipts FILE [--key URL|PEM]]`: the audit of GET /games/:id/audit, on a game in the
 * configured store (read only) or on a file with no store at all: an export (`*.jsonl`, with its hash chain), the
 * events of the HTTP API (`*.json`), or a scenario (simulated, then verified: a self-check). With `--receipts`, also
 * whether the game holds every receipt its players kept (see ReceiptsCheck): the audit cannot tell a game rewritten
 * and chained again by whoever runs the server; the receipts can. Exit 0 when everything holds, 3 when not (the
 * verdict names the first revision, or the first receipt that does not hold), 2 on unusable input.
 */
@Command({
  name: 'verify',
  arguments: '<game-or-file>',
  description:
    'audit a game: is its hash chain intact, does the engine re-derive every stored event, does it hold every receipt?',
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

  @Option({
    flags: '--receipts <file>',
    description: 'receipts the players kept (JSON lines, or GET /games/:id/receipts saved): does the game hold each?',
  })
  parseReceipts(value: string): string {
    return value;
  }

  @Option(RECEIPT_SIGNING_KEYS_OPTION)
  parseKey(value: string): string {
    return value;
  }

  async run(args: string[], options: VerifyOptions = {}): Promise<void> {
    const given = requiredArgument(args, 'game-or-file');
    await runStoreTask(async () => {
      const target = verifyTarget(given);
      if (target.kind === 'event-lines') {
        // An export: the verifier's verifyExport, as the offline page runs it on the same files.
        const receipts =
          options.receipts === undefined
            ? undefined
            : { statements: await readStatementFile(options.receipts, 'receipt'), keys: await this.keys(options.key) };
        const verified = await verifyExportFile(target.file, receipts);
        const json = receipts === undefined ? verified.report : { ...verified.report, receipts: verified.receipts };
        await writeLines(process.stdout, options.json ? [JSON.stringify(json, null, 2)] : verified.lines);
        return verified.holds ? EXIT.ok : EXIT.tampered;
      }
      if (options.receipts === undefined) {
        const report = await auditTarget(target, this.scenarios);
        const source = target.kind === 'game' ? 'stored' : given;
        const lines = options.json ? [JSON.stringify(report, null, 2)] : verifyVerdictLines(report, source);
        await writeLines(process.stdout, lines);
        return auditPassed(report) ? EXIT.ok : EXIT.tampered;
      }
      if (target.kind === 'scenario') {
        throw new CliFailure(EXIT.invalidInput, `--receipts: ${given} is a scenario, not a recorded game`);
      }
      const handed = (await readStatementFile(options.receipts, 'receipt')).map(({ place, value }): HandedReceipt => ({
        place,
        receipt: value as unknown as Receipt,
      }));
      const keys = await this.keys(options.key);
      const first = handed[0];
      // readStatementFile refuses a file of no receipt; this says so again where the list is taken apart.
      if (first === undefined) {
        throw new CliFailure(EXIT.invalidInput, `--receipts: ${options.receipts} holds no receipt to check`);
      }
      const handedGameId: unknown = first.receipt.gameId;
      const gameId = target.kind === 'game' ? target.gameId : typeof handedGameId === 'string' ? handedGameId : '';
      const check = new ReceiptsCheck(gameId, handed, keys.keys);
      // A game removed from the store is a game of no events: every receipt of it then says it no longer holds.
      const report = await auditTarget(target, this.scenarios, (event) => check.push(event), true);
      const verdicts = check.verdicts(report.chain);
      const failed = firstFailedReceipt(verdicts);
      const source = target.kind === 'game' ? 'stored' : given;
      const lines = options.json
        ? [JSON.stringify({ ...report, receipts: verdicts }, null, 2)]
        : auditWithReceiptsLines(verifyVerdictLines(report, source), receiptVerdictLines(verdicts, keys.name), failed);
      await writeLines(process.stdout, lines);
      return auditPassed(report) && failed === null ? EXIT.ok : EXIT.tampered;
    });
  }

  private async keys(given: string | undefined): Promise<SigningKeys> {
    if (given !== undefined) return signingKeysFrom(given);
    const configured = await configuredSigningKeys();
    if (configured === null) {
      throw new CliFailure(EXIT.invalidInput, '--receipts: no keys to check them against here; give --key URL|PEM');
    }
    return configured;
  }
}
