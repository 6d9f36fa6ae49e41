import type { ValidationError } from 'class-validator';
import { validationProblems } from '@app/games';

/**
 * class-validator's error tree as `path message` lines, in the same words as a scenario file's problems (the
 * set-up of `POST /games` is checked by the libs/games parser, every other body and query by the ValidationPipe,
 * and a client should not see two styles). The parser calls the top level "(file)"; here it is the request.
 */
export function requestProblems(errors: readonly ValidationError[]): string[] {
  const problems = errors.flatMap((error) =>
    error.constraints?.unknownValue !== undefined ? ['(request) must be a JSON object'] : validationProblems([error]),
  );
  return problems.map((problem) => problem.replace(/^\(file\)/, '(request)'));
}
