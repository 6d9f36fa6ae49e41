import { readFile } from 'node:fs/promises';
import { type StatementKind, type StatementOfFile, statementsOfText } from '@app/verifier';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { userPath } from '../user-path';

export type { StatementOfFile } from '@app/verifier';

/**
 * The receipts (and heads, tree heads) a player kept, read from `file` as the verifier reads them (statementsOfText):
 * a file that cannot be read is bad input (exit 2), and so is a line that is not a JSON object (runStoreTask says so).
 */
export async function readStatementFile(file: string, only?: StatementKind): Promise<StatementOfFile[]> {
  let text: string;
  try {
    text = await readFile(userPath(file), 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new CliFailure(
      EXIT.invalidInput,
      `${file}: cannot read the file: ${code === 'ENOENT' ? 'no such file' : message}`,
    );
  }
  return statementsOfText(text, file, only);
}
