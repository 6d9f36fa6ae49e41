import type { GameEventLine } from '../events/game-event-line';
import { UnusableInputError } from './unusable-input.error';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An event line of a file (`sanctum export`, `GET …/export`, `simulate`'s output) in the shape every line must have;
 * what its fields mean is for the checks to say. A line without that shape is no event at all: UnusableInputError,
 * naming `where` (`game.jsonl:12`).
 */
export function eventOfLine(text: string, where: string): GameEventLine {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UnusableInputError(`${where}: not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(json)) throw new UnusableInputError(`${where}: an event line must be a JSON object`);
  const { revision, type, data, metadata } = json;
  if (!Number.isSafeInteger(revision) || (revision as number) < 0) {
    throw new UnusableInputError(`${where}: "revision" must be an integer >= 0`);
  }
  if (typeof type !== 'string' || type === '') {
    throw new UnusableInputError(`${where}: "type" must be a non-empty string`);
  }
  if (data === undefined) throw new UnusableInputError(`${where}: "data" is missing`);
  if (!isObject(metadata)) throw new UnusableInputError(`${where}: "metadata" must be an object`);
  return { revision: revision as number, type, data, metadata };
}
