import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import type { StatementOfFile } from '../files/statement-file.parse';
import type { VerificationKeys } from '../keys/verification-keys';
import { verifyStatementOfKind } from '../receipts/signed-statement.shapes';

/** Verdicts in words and whether they all hold: what `sanctum` prints and the page shows. */
export interface VerdictLines {
  lines: string[];
  holds: boolean;
}

function describe({ kind, value }: StatementOfFile): string {
  if (kind === 'tree head') return `tree head of size ${String(value.size)}`;
  const command = kind === 'receipt' ? `, command ${String(value.commandId)}` : '';
  return `${kind} of game ${String(value.gameId)} at revision ${String(value.revision)}${command}`;
}

/**
 * `sanctum verify-receipt`: whether every receipt, game head or tree head of a file is signed by one of the keys,
 * unaltered — a line per statement, then the verdict naming the first that is not.
 */
export function statementVerdicts(
  statements: readonly StatementOfFile[],
  keys: VerificationKeys,
  crypto: VerifierCrypto = platformCrypto,
): VerdictLines {
  const lines: string[] = [];
  let firstInvalid: string | null = null;
  for (const statement of statements) {
    const verdict = verifyStatementOfKind(statement.value, statement.kind, keys.keys, crypto);
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
  return { lines, holds: firstInvalid === null };
}
