import { readFile } from 'node:fs/promises';
import { type StatementKind, statementKindOf, statementProblems } from '@app/games';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { userPath } from '../user-path';

/** One signed statement of a file, and where it stands: `red.jsonl line 3`. */
export interface StatementOfFile {
  place: string;
  kind: StatementKind;
  value: Record<string, unknown>;
  /** What is wrong with its fields (a statement altered by a flipped bit may have lost one): it does not verify. */
  problems: string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The receipts (and heads, tree heads) a player kept: JSON lines, one statement a line (blank lines skipped), or a
 * JSON document — one statement, a list, or `GET /games/:id/receipts`' answer `{gameId, receipts}`. A line that is
 * not a JSON object is bad input (exit 2), named with its place; an object with the wrong fields is returned with
 * its problems, each naming a field (it does not verify).
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
  let items: { place: string; value: unknown }[];
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = undefined;
  }
  if (whole !== undefined) {
    const list = Array.isArray(whole)
      ? whole
      : isObject(whole) && Array.isArray(whole.receipts)
        ? whole.receipts
        : [whole];
    items = list.map((value: unknown, i: number) => ({ place: `${file} item ${i + 1}`, value }));
  } else {
    items = [];
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      const place = `${file} line ${i + 1}`;
      try {
        items.push({ place, value: JSON.parse(line) });
      } catch (error) {
        throw new CliFailure(EXIT.invalidInput, `${place}: not valid JSON: ${(error as Error).message}`);
      }
    });
  }
  if (items.length === 0) throw new CliFailure(EXIT.invalidInput, `${file}: no receipts in the file`);
  return items.map(({ place, value }) => {
    if (!isObject(value)) throw new CliFailure(EXIT.invalidInput, `${place}: must be a JSON object (a receipt)`);
    const kind = only ?? statementKindOf(value);
    return { place, kind, value, problems: statementProblems(value, kind) };
  });
}
