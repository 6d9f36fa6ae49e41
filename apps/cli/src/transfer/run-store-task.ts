import { DamagedEventError } from '@app/event-store/errors/damaged-event.error';
import { EventStoreUnavailableError } from '@app/event-store/errors/event-store-unavailable.error';
import { DamagedLineError } from '@app/games/recording/stored-game-event';
import { UnusableInputError } from '@app/verifier';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { isBrokenPipe, writeLines } from '../output';
import { STORE_EXIT } from './store-exit-codes';

/**
 * Runs a command's work and turns its outcome into an exit code: a CliFailure prints its lines and message, an
 * unreachable store exits 69, a damaged stored event or event line exits 3 naming it, unusable input (the verifier's
 * UnusableInputError) exits 2, a reader that went away
 * (`| head`) is not an error; anything else is a bug and reaches main.ts.
 */
export async function runStoreTask(task: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await task();
  } catch (error) {
    if (isBrokenPipe(error)) return;
    if (error instanceof EventStoreUnavailableError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = STORE_EXIT.storeUnavailable;
      return;
    }
    // Stored content is input: a damaged event is a finding about the record, never a crash.
    if (error instanceof DamagedEventError || error instanceof DamagedLineError) {
      process.stderr.write(`${error.message}; \`sanctum verify\` tells what else does not hold\n`);
      process.exitCode = STORE_EXIT.tampered;
      return;
    }
    // What the verifier cannot use at all (a line that is no event, keys that are no keys) is bad input.
    if (error instanceof UnusableInputError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = EXIT.invalidInput;
      return;
    }
    if (!(error instanceof CliFailure)) throw error;
    if (error.lines.length > 0) await writeLines(process.stdout, error.lines);
    process.stderr.write(`${error.message}\n`);
    process.exitCode = error.exitCode;
  }
}
