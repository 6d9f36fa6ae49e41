import { GAME_END_REASONS, isColour } from '@app/rules';
import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import type { StatementKeys } from '../keys/statement-keys';
import { type SignatureVerdict, verifyStatement } from './signed-statement';

/** The signed statements the service hands out, by their fields (in the order it writes them). */
export const STATEMENT_FIELDS = {
  receipt: ['gameId', 'revision', 'hash', 'commandId', 'keyId', 'signature'],
  'game head': ['gameId', 'revision', 'hash', 'keyId', 'signature'],
  'tree head': ['size', 'root', 'keyId', 'signature'],
} as const;

export type StatementKind = keyof typeof STATEMENT_FIELDS;

/** Fields a statement carries only sometimes: a receipt's or a head's `result`, once the game has ended [A]. */
const OPTIONAL_FIELDS: Record<StatementKind, readonly string[]> = {
  receipt: ['result'],
  'game head': ['result'],
  'tree head': [],
};

/** A game's result as a statement carries it: `{winner: red|blue|null, reason, turn}` and nothing else. */
function resultProblems(result: unknown): string[] {
  if (!isObject(result)) return ['result must be a JSON object'];
  const problems = Object.keys(result)
    .filter((key) => !['winner', 'reason', 'turn'].includes(key))
    .map((key) => `result.${key} is not a field of a result`);
  if (!(result.winner === null || isColour(result.winner))) problems.push('result.winner must be red, blue or null');
  if (!(GAME_END_REASONS as readonly unknown[]).includes(result.reason)) {
    problems.push(`result.reason must be one of ${GAME_END_REASONS.join(', ')}`);
  }
  if (!(Number.isSafeInteger(result.turn) && (result.turn as number) >= 0)) {
    problems.push('result.turn must be a whole number from 0');
  }
  return problems;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Which statement this is, told by its fields: a receipt names a command, a tree head a size. */
export function statementKindOf(value: Record<string, unknown>): StatementKind {
  if ('commandId' in value) return 'receipt';
  if ('size' in value || 'root' in value) return 'tree head';
  return 'game head';
}

/** Every problem of the statement's shape, each naming its field; empty when it is well formed. */
export function statementProblems(value: unknown, kind: StatementKind): string[] {
  if (!isObject(value)) return [`a ${kind} must be a JSON object`];
  const problems: string[] = [];
  const fields: readonly string[] = STATEMENT_FIELDS[kind];
  const optional = OPTIONAL_FIELDS[kind];
  for (const field of fields) if (!(field in value)) problems.push(`${field} is missing`);
  for (const field of Object.keys(value))
    if (!fields.includes(field) && !optional.includes(field)) problems.push(`${field} is not a field of a ${kind}`);
  if (optional.includes('result') && 'result' in value) problems.push(...resultProblems(value.result));
  const text = (field: string) => field in value && (typeof value[field] !== 'string' || value[field] === '');
  const count = (field: string) =>
    field in value && !(Number.isSafeInteger(value[field]) && (value[field] as number) >= 0);
  for (const field of ['gameId', 'commandId', 'keyId', 'signature']) {
    if (fields.includes(field) && text(field)) problems.push(`${field} must be a non-empty string`);
  }
  for (const field of ['revision', 'size']) {
    if (fields.includes(field) && count(field)) problems.push(`${field} must be a whole number from 0`);
  }
  for (const field of ['hash', 'root']) {
    if (
      fields.includes(field) &&
      field in value &&
      !(typeof value[field] === 'string' && SHA256_HEX.test(value[field] as string))
    ) {
      problems.push(`${field} must be 64 lowercase hex digits`);
    }
  }
  return problems;
}

/** Shape first (a malformed statement is not "badly signed": it names what is wrong), then the signature. */
export function verifyStatementOfKind(
  value: unknown,
  kind: StatementKind,
  keys: StatementKeys,
  crypto: VerifierCrypto = platformCrypto,
): SignatureVerdict {
  const problems = statementProblems(value, kind);
  if (problems.length > 0) return { valid: false, reason: problems.join('; ') };
  return verifyStatement(value as Record<string, unknown>, keys, crypto);
}
