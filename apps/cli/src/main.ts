import 'reflect-metadata';
import { CommanderError } from 'commander';
import { CommandFactory } from 'nest-commander';
import { CliModule } from './cli.module';
import { EXIT } from './exit-codes';
import { isBrokenPipe } from './output';
import { StderrLogger } from './stderr.logger';

/** Usage errors (already printed by commander) exit 2, help 0; anything else that escaped a command is a bug. */
function onFailure(error: Error): void {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.invalidInput;
    return;
  }
  if (isBrokenPipe(error)) return;
  process.stderr.write(`internal error: ${error.stack ?? error.message}\n`);
  process.exitCode = EXIT.internal;
}

async function main(): Promise<void> {
  // EPIPE arrives as an 'error' event when the reader closes early (`| head`); without a listener it would crash.
  process.stdout.on('error', (error) => {
    if (!isBrokenPipe(error)) onFailure(error);
  });
  // Exit codes are set, never forced with process.exit: Node exits once stdout has been flushed.
  await CommandFactory.run(await CliModule.forArguments(process.argv.slice(2)), {
    logger: new StderrLogger(['error', 'warn']),
    serviceErrorHandler: onFailure,
  });
}

main().catch(onFailure);
