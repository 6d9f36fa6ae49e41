import { type StatementKind, statementKindOf, statementProblems } from '../receipts/signed-statement.shapes';
import { UnusableInputError } from './unusable-input.error';

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
 * The receipts (and heads, tree heads) a player kept, from the text of the file `file`: JSON lines, one statement a
 * line (blank lines skipped), or a JSON document — one statement, a list, or `GET /games/:id/receipts`' answer
 * `{gameId, receipts}`. A line that is not a JSON object is unusable (UnusableInputError), named with its place; an
 * object with the wrong fields is returned with its problems, each naming a field (it does not verify).
 */
export function statementsOfText(text: string, file: string, only?: StatementKind): StatementOfFile[] {
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
        throw new UnusableInputError(`${place}: not valid JSON: ${(error as Error).message}`);
      }
    });
  }
  if (items.length === 0) throw new UnusableInputError(`${file}: no receipts in the file`);
  return items.map(({ place, value }) => {
    if (!isObject(value)) throw new UnusableInputError(`${place}: must be a JSON object (a receipt)`);
    const kind = only ?? statementKindOf(value);
    return { place, kind, value, problems: statementProblems(value, kind) };
  });
}
