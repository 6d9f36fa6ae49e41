import { Command, CommandRunner, Option } from 'nest-commander';
import { statementVerdicts } from '@app/verifier';
import { EXIT } from '../exit-codes';
import { writeLines } from '../output';
import { runStoreTask } from '../transfer/run-store-task';
import { REQUIRED_SIGNING_KEYS_OPTION, requiredSigningKeys } from './signing-keys.option';
import { readStatementFile } from './statement-file.reader';
import { requiredArgument } from '../required-argument';

export interface VerifyReceiptOptions {
  key?: string;
}

/**
 * `sanctum verify-receipt FILE --key URL|PEM`: checks offline (or against the service's published keys) that every
 * receipt, game head or tree head of FILE is signed by one of the keys, unaltered (the verifier's statementVerdicts,
 * as the offline page runs it). Exit 0 when all are, 3 naming the first that is not, 2 on unusable input (a file
 * that is not JSON, keys that cannot be read or fetched).
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
      const verdicts = statementVerdicts(await readStatementFile(file), keys);
      await writeLines(process.stdout, verdicts.lines);
      return verdicts.holds ? EXIT.ok : EXIT.tampered;
    });
  }
}
