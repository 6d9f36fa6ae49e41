import { CliFailure } from './cli-failure.error';
import { EXIT } from './exit-codes';

/**
 * The positional argument a command declares as required (`<file>` in its `arguments`): commander refuses a call
 * without it before the command runs, so this only names what is missing should that ever change.
 */
export function requiredArgument(args: readonly string[], name: string): string {
  const value = args[0];
  if (value === undefined) throw new CliFailure(EXIT.invalidInput, `missing argument <${name}>`);
  return value;
}
