import { Command, CommandRunner, Option } from 'nest-commander';
import { verifyStatementOfKind } from '@app/games';
import { EXIT } from '../exit-codes';
import { writeLines } from '../output';
import { runStoreTask } from '../transfer/run-store-task';
import { REQUIRED_SIGNING_KEYS_OPTION, requiredSigningKeys } from './signing-keys.option';
import { type StatementOfFile, readStatementFile } from './statement-file.reader';
import { requiredArgument } from '../required-argument';

export interface VerifyReceiptOptions {
  key?: string;
}

function describe({ kind, value }: StatementOfFile): string {
  if (kind === 'tree head') return `tree head of size ${String(value.size)}`;
  const command = kind === 'receipt' ? `, command ${String(value.commandId)}` : '';
  return `${kind} of game ${String(value.gameId)} at revision ${String(value.revision)}${command}`;
}

/**
 * `sanctum verify-receipt FILE --key URL|PEM`: checks offline (or against the service's published keys) that every
 * receipt, game head or tree head of FILE is signed by one of the keys, unaltered. Exit 0 when all are, 3 naming the
 * first that is not, 2 on unusable input (a file that is not JSON, keys that cannot be read or fetched).
 */
@Command({
  name: 'verify-receipt',
  arguments: '<file>',
  description: 'check the signatures of receipts, game heads and tree heads against the service’s public keys',
  argsDescription: { file: 'receipts as JSON lines (or a JSON list, or GET /games/:id/receipts saved)' },
})
export class VerifyReceiptCommand extends CommandRunner {
  @Option(REQUIRED_SIGNING_KEYS_OPTION)
  parseKey(value: string): string {
    return value;
  }

  async run(args: string[], options: VerifyReceiptOptions = {}): Promise<void> {
    const file = requiredArgument(args, 'file');
    await runStoreTask(async () => {
      const keys = await requiredSigningKeys(options.key);
      const statements = await readStatementFile(file);
      const lines: string[] = [];
      let firstInvalid: string | null = null;
      for (const statement of statements) {
        const verdict = verifyStatementOfKind(statement.value, statement.kind, keys.keys);
        const what = `${statement.place}: ${describe(statement)}`;
        if (verdict.valid) {
          lines.push(`${what}: signature valid (key ${verdict.keyId})`);
        } else {
          lines.push(`${what}: INVALID: ${verdict.reason}`);
          firstInvalid ??= `${statement.place} (${describe(statement)}): ${verdict.reason}`;
        }
      }
      lines.push(
        firstInvalid === null
          ? `verdict: VALID: ${statements.length} signed by ${keys.name}`
          : `verdict: NOT VALID: the first that does not verify is ${firstInvalid}`,
      );
      await writeLines(process.stdout, lines);
      return firstInvalid === null ? EXIT.ok : EXIT.tampered;
    });
  }
}
