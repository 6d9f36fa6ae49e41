import { Command, CommandRunner, Option } from 'nest-commander';
import { gameStream } from '@app/games/game-stream';
import { recordPages } from '@app/games/loading/game-events.reader';
import { CliFailure } from '../cli-failure.error';
import { isGameId } from '../game-id';
import { writeLines } from '../output';
import { openConfiguredStore } from './configured-store';
import { startProgress } from './progress-bar';
import { runStoreTask } from './run-store-task';
import { STORE_EXIT } from './store-exit-codes';
import { requiredArgument } from '../required-argument';
import { writeNotesFile } from './notes-file';

/**
 * `sanctum export GAME > game.jsonl`: a stored game as JSON lines `{"revision","type","data","metadata"}`, the
 * metadata with its `prevHash`/`hash`, read and written page by page. The export ends at the revision the game
 * had when it started, which is a command boundary (appends are atomic), so a game being played is exported as
 * a consistent prefix.
 */
@Command({
  name: 'export',
  arguments: '<game>',
  description: 'print a stored game as JSON lines (with its hash chain), for `sanctum import`',
  argsDescription: { game: 'a game id in the configured store (EVENT_STORE, SQLITE_PATH, ESDB_CONNECTION_STRING)' },
})
export class ExportCommand extends CommandRunner {
  @Option({
    flags: '--notes <file>',
    description: "also write the game's judge's notes (all, with their audiences) to this file, as JSON lines",
  })
  parseNotes(value: string): string {
    return value;
  }

  async run(args: string[], options: { notes?: string } = {}): Promise<void> {
    const gameId = requiredArgument(args, 'game');
    await runStoreTask(() => this.export(gameId, options.notes));
  }

  private async export(gameId: string, notesFile?: string): Promise<number> {
    if (!isGameId(gameId)) throw new CliFailure(STORE_EXIT.invalidInput, `"${gameId}" is not a valid game id`);
    const configured = await openConfiguredStore();
    try {
      const stream = gameStream(gameId);
      const last = await configured.store.streamRevision(stream);
      if (last === null)
        throw new CliFailure(STORE_EXIT.invalidInput, `game ${gameId} not found in ${configured.name}`);
      const progress = startProgress(`exporting ${gameId}`, last + 1, { unit: 'events', stdoutBusy: true });
      try {
        let written = 0;
        // Through the store boundary: a damaged event stops the export there (exit 3, naming it), rather than be
        // copied into a file that another store would take in.
        for await (const page of recordPages(configured.store, gameId, last)) {
          await writeLines(
            process.stdout,
            page.map((event) => JSON.stringify(event)),
          );
          written += page.length;
          progress.update(written);
        }
      } finally {
        progress.stop();
      }
      if (notesFile !== undefined) {
        const written = await writeNotesFile(configured.store, gameId, notesFile);
        process.stderr.write(`${written} note${written === 1 ? '' : 's'} written to ${notesFile}\n`);
      }
      return STORE_EXIT.ok;
    } finally {
      await configured.close();
    }
  }
}
