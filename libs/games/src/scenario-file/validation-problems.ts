import type { ValidationError } from 'class-validator';
import { CLASS_LEVEL } from './class-rules.decorators';

/** The path of a child error: `[i]` under an array, `.key` under an object or a map (`spells.bolt`). */
function childPath(parent: string, error: ValidationError): string {
  const property = String(error.property);
  if (property === CLASS_LEVEL) return parent;
  if (Array.isArray(error.target)) return `${parent}[${property}]`;
  return parent === '' ? property : `${parent}.${property}`;
}

/** One constraint message, rewritten so that it starts with the full path instead of the bare property name. */
function describe(path: string, error: ValidationError, constraint: string, message: string): string {
  const property = String(error.property);
  const where = path === '' ? '(file)' : path;
  if (constraint === 'whitelistValidation') return `${where} is not an allowed field`;
  if (constraint === 'nestedValidation') return `${where} must be an object`;
  if (property === CLASS_LEVEL) return `${where} ${message}`;
  if (message.startsWith(`${property} `)) return `${where}${message.slice(property.length)}`;
  // `each value in hand must be a string` and the like: the message names the property in its own way.
  return `${where}: ${message}`;
}

/** Flattens class-validator's error tree into `path message` lines, in the order the DTOs declare fields. */
export function validationProblems(errors: readonly ValidationError[], parent = ''): string[] {
  const problems: string[] = [];
  for (const error of errors) {
    const path = childPath(parent, error);
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      problems.push(describe(path, error, constraint, message));
    }
    problems.push(...validationProblems(error.children ?? [], path));
  }
  return problems;
}
