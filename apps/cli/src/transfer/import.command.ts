import { Command, CommandRunner, Option } from 'nest-commander';
import type { EventStore, ExpectedRevision, NewEvent } from '@app/event-store';
import { WrongExpectedRevisionError } from '@app/event-store/errors/wrong-expected-revision.error';
import { gameStream } from '@app/games/game-stream';
import { CliFailure } from '../cli-failure.error';
import { isGameId } from '../game-id';
import { writeLines } from '../output';
import { openConfiguredStore, type ConfiguredStore } from './configured-store';
import { lastRevisionOfFile, readEventFile } from './event-file.reader';
import { brokenChain, FileChainCheck } from './file-chain.check';
import { startProgress } from './progress-bar';
import { runStoreTask } from './run-store-task';
import { STORE_EXIT } from './store-exit-codes';

export interface ImportOptions {
  gameId?: string;
  resume?: boolean;
}

/** Events per append: each batch is atomic and checked against the revision the previous one left. */
const BATCH_SIZE = 500;

/** What the first pass learnt about the file. */
interface VerifiedFile {
  gameId: string;
  count: number;
  lastHash: string;
  /** The file's hash at the stored game's last revision, when the game exists and the file reaches it. */
  hashAtStored: string | null;
}

/** The stored game, if there is one: its last revision and that event's hash. */
interface StoredHead {
  revision: number;
  hash: unknown;
}

/**
 * `sanctum import FILE [--resume]`: loads a game exported by `sanctum export` into the configured store.
 *
 * 1. The whole file is verified first (hash chain, line by line, in constant memory); a broken chain is refused
 *    naming its first broken revision (exit 3) and nothing is written.
 * 2. A game that already exists is refused (exit 1), saying whether it is a prefix of this very file (an
 *    interrupted import: `--resume` appends the rest) or another game; the very same game, whole, is "already
 *    present, identical" (exit 0, nothing written).
 * 3. The events are appended as they are, byte for byte, in batches, each with the expected revision, so a
 *    concurrent writer or a second import stops this one instead of interleaving, and an interrupted import
 *    leaves a verifiable prefix that step 2 recognises.
 *
 * The game keeps its id: the id is inside every event (metadata.gameId, eventId, causationId) and in the
 * chain's genesis, so renaming would mean rewriting and re-hashing the whole record, which would then no longer
 * be the record that was audited. `--game-id` is accepted only as a check of the id the file holds.
 */
@Command({
  name: 'import',
  arguments: '<file>',
  description: 'load a game exported with `sanctum export` into the configured store, after checking its hash chain',
  argsDescription: { file: 'a .jsonl file written by `sanctum export` (relative paths: from where npm was started)' },
})
export class ImportCommand extends CommandRunner {
  @Option({
    flags: '--game-id <id>',
    description: "must be the file's game id: an imported game keeps its id (renaming is refused)",
  })
  parseGameId(value: string): string {
    return value;
  }

  @Option({
    flags: '--resume',
    description: 'finish an interrupted import of this file (the stored game is a prefix of it)',
  })
  parseResume(): boolean {
    return true;
  }

  async run([file]: string[], options: ImportOptions = {}): Promise<void> {
    await runStoreTask(() => this.import(file, options));
  }

  private async import(file: string, options: ImportOptions): Promise<number> {
    const gameId = await this.firstGameId(file);
    if (options.gameId !== undefined && options.gameId !== gameId) {
      throw new CliFailure(
        STORE_EXIT.invalidInput,
        `--game-id ${options.gameId}: ${file} holds game ${gameId}, and an imported game keeps its id: the id is ` +
          'part of every event (gameId, eventId, causationId) and of its hash chain, so renaming would rewrite ' +
          'the audited record. Import it into another store to keep both games.',
      );
    }
    const configured = await openConfiguredStore();
    try {
      const stream = gameStream(gameId);
      const stored = await this.storedHead(configured.store, stream);
      const verified = await this.verify(file, gameId, stored);
      const start = this.startRevision(file, configured, verified, stored, options.resume === true);
      if (start === verified.count) {
        // Importing the same file twice is not an error: the store already holds exactly this record.
        await writeLines(process.stdout, [
          `game ${gameId} already present in ${configured.name}, identical (the ${start} events of ${file}, ` +
            'same hashes): nothing imported',
        ]);
        return STORE_EXIT.ok;
      }
      const appended = await this.append(file, configured.store, stream, verified, start);
      if (configured.kind === 'memory') {
        process.stderr.write('note: EVENT_STORE=memory keeps the game only while this command runs (a dry run)\n');
      }
      const what = start === 0 ? `${appended} events` : `the remaining ${appended} events (of ${verified.count})`;
      await writeLines(process.stdout, [
        `imported game ${gameId}: ${what}, revisions ${start}–${verified.count - 1}, into ${configured.name}`,
      ]);
      return STORE_EXIT.ok;
    } finally {
      await configured.close();
    }
  }

  /** The game id of the file's first event, so the store can be asked about the game before the long pass. */
  private async firstGameId(file: string): Promise<string> {
    for await (const { event } of readEventFile(file)) {
      const { gameId, hash } = event.metadata;
      if (typeof gameId !== 'string' || !isGameId(gameId)) {
        throw brokenChain(file, 0, 'metadata.gameId is not a valid game id');
      }
      if (typeof hash !== 'string') {
        throw brokenChain(file, 0, 'the event carries no hash: not an export of a stored game (`simulate` output?)');
      }
      return gameId;
    }
    throw new CliFailure(STORE_EXIT.invalidInput, `${file}: no events in the file`);
  }

  private async storedHead(store: EventStore, stream: string): Promise<StoredHead | null> {
    const revision = await store.streamRevision(stream);
    if (revision === null) return null;
    const [event] = await store.readStream(stream, { from: revision, maxCount: 1 });
    return { revision, hash: event?.metadata.hash };
  }

  /** Pass 1: the whole chain, before anything is written. */
  private async verify(file: string, gameId: string, stored: StoredHead | null): Promise<VerifiedFile> {
    const last = await lastRevisionOfFile(file);
    const progress = startProgress(`verifying ${file}`, last === null ? 0 : last + 1, { unit: 'events' });
    const chain = new FileChainCheck(file, gameId);
    let hashAtStored: string | null = null;
    try {
      for await (const { event } of readEventFile(file)) {
        chain.push(event);
        if (stored && event.revision === stored.revision) hashAtStored = chain.lastHash;
        // The bar redraws on its own clock: an update per batch is plenty.
        if (chain.count % BATCH_SIZE === 0) progress.update(chain.count);
      }
    } finally {
      progress.stop();
    }
    return { gameId, count: chain.count, lastHash: chain.lastHash, hashAtStored };
  }

  /**
   * 0 for a new game; after the stored prefix with --resume; the file's length when the store holds the whole of
   * it already; otherwise the game exists and is refused.
   */
  private startRevision(
    file: string,
    configured: ConfiguredStore,
    verified: VerifiedFile,
    stored: StoredHead | null,
    resume: boolean,
  ): number {
    if (stored === null) return 0;
    const { gameId, count } = verified;
    const exists = `game ${gameId} already exists in ${configured.name}`;
    const isPrefix = verified.hashAtStored !== null && verified.hashAtStored === stored.hash;
    if (stored.revision >= count) {
      throw new CliFailure(
        STORE_EXIT.conflict,
        `${exists} with ${stored.revision + 1} events, more than the ${count} in ${file}: nothing was imported`,
      );
    }
    if (!isPrefix) {
      throw new CliFailure(
        STORE_EXIT.conflict,
        `${exists} (revisions 0–${stored.revision}) and it is not the game in ${file}: nothing was imported`,
      );
    }
    if (stored.revision === count - 1) return count;
    if (resume) return stored.revision + 1;
    throw new CliFailure(
      STORE_EXIT.conflict,
      `${exists} with revisions 0–${stored.revision} of the ${count} in ${file} (same hashes): an interrupted ` +
        `import? Run it again with --resume to append revisions ${stored.revision + 1}–${count - 1}. Nothing was imported`,
    );
  }

  /**
   * Pass 2: re-reads the file and appends from `start`, re-checking the chain (the file could have changed since
   * pass 1): every batch is verified before it is written, and the last hash must be pass 1's.
   */
  private async append(
    file: string,
    store: EventStore,
    stream: string,
    verified: VerifiedFile,
    start: number,
  ): Promise<number> {
    const chain = new FileChainCheck(file, verified.gameId);
    const progress = startProgress(`importing ${verified.gameId}`, verified.count - start, { unit: 'events' });
    let expected: ExpectedRevision = start === 0 ? 'no-stream' : start - 1;
    let appended = 0;
    let batch: NewEvent[] = [];
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      try {
        const result = await store.append(stream, batch, expected);
        expected = result.lastRevision;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        throw new CliFailure(
          STORE_EXIT.conflict,
          `game ${verified.gameId} was changed in the store by another writer during the import ` +
            `(${error.message}); the store holds what that writer and this import wrote up to then`,
        );
      }
      appended += batch.length;
      batch = [];
      progress.update(appended);
    };
    try {
      for await (const { event } of readEventFile(file)) {
        if (!chain.extendedBy(event)) throw this.changedDuringImport(file, chain.count, expected);
        if (event.revision < start) continue;
        batch.push({ type: event.type, data: event.data, metadata: event.metadata });
        if (batch.length >= BATCH_SIZE) await flush();
      }
      if (chain.count !== verified.count || chain.lastHash !== verified.lastHash) {
        throw this.changedDuringImport(file, chain.count, expected);
      }
      await flush();
    } finally {
      progress.stop();
    }
    return appended;
  }

  private changedDuringImport(file: string, revision: number, written: ExpectedRevision): CliFailure {
    const kept = written === 'no-stream' ? 'nothing was written' : `the store holds revisions 0–${written}`;
    return new CliFailure(
      STORE_EXIT.brokenChain,
      `${file} changed during the import: its chain no longer holds at revision ${revision}; ${kept}`,
    );
  }
}
