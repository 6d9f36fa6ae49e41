import { Command, CommandRunner, Option } from 'nest-commander';
import type { EventStore, ExpectedRevision, NewEvent } from '@app/event-store';
import { WrongExpectedRevisionError } from '@app/event-store/errors/wrong-expected-revision.error';
import type { NewNote } from '@app/games/notes/game-note';
import { drawChainSecret } from '@app/games/recording/draw-chain-secret';
import { ResimulationCheck, chainSecretOf } from '@app/verifier';
import { gameStream } from '@app/games/game-stream';
import { CliFailure } from '../cli-failure.error';
import { isGameId } from '../game-id';
import { writeLines } from '../output';
import { openConfiguredStore, type ConfiguredStore } from './configured-store';
import { lastRevisionOfFile, readEventFile } from './event-file.reader';
import { brokenChain } from './file-chain.check';
import { chainedEventsOf, chainingOf, type FileChaining } from './file-chain.reader';
import { startProgress } from './progress-bar';
import { runStoreTask } from './run-store-task';
import { STORE_EXIT } from './store-exit-codes';
import { requiredArgument } from '../required-argument';
import { importNotes, readNotesFile } from './notes-file';

export interface ImportOptions {
  gameId?: string;
  resume?: boolean;
  /** A file of judge's notes (`export --notes`), stored with the game. */
  notes?: string;
}

/** Events per append: each batch is atomic and checked against the revision the previous one left. */
const BATCH_SIZE = 500;

/** What the first pass learnt about the file. */
interface VerifiedFile {
  gameId: string;
  chaining: FileChaining;
  count: number;
  lastHash: string;
  /** The file's hash at the stored game's last revision, when the game exists and the file reaches it. */
  hashAtStored: string | null;
  /** The hash at the last revision of every whole batch: the second pass must find the same before each append. */
  checkpoints: Map<number, string>;
  /** An unchained file's chain secret, the same for both passes (the stored game's, when there is one). */
  chainSecret: string;
}

/** The stored game, if there is one: its last revision and that event's hash. */
interface StoredHead {
  revision: number;
  hash: unknown;
  /** The secret its chain is keyed with (none for a game recorded before chain secrets). */
  chainSecret: string | undefined;
}

/**
 * `sanctum import FILE [--resume]`: loads a game exported by `sanctum export`, or printed by `sanctum simulate`,
 * into the configured store.
 *
 * 1. The whole file is verified first, line by line, in constant memory: its hash chain (a file without chain links,
 *    `simulate`'s, is given the links the service computes), and its re-simulation, as the audit does it (every
 *    event of the vocabulary, each command's events exactly the engine's). A broken chain or a divergence is
 *    refused naming its first revision and line (exit 3), and nothing is written.
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
  description:
    'load a game exported with `sanctum export` (its hash chain checked) or printed by `sanctum simulate` ' +
    '(re-simulated, then chained) into the configured store',
  argsDescription: {
    file: 'a .jsonl file written by `sanctum export` or `sanctum simulate` (relative paths: from where npm was started)',
  },
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
    flags: '--notes <file>',
    description: "a file of the game's judge's notes (`sanctum export GAME --notes FILE`) to store with it",
  })
  parseNotes(value: string): string {
    return value;
  }

  @Option({
    flags: '--resume',
    description: 'finish an interrupted import of this file (the stored game is a prefix of it)',
  })
  parseResume(): boolean {
    return true;
  }

  async run(args: string[], options: ImportOptions = {}): Promise<void> {
    const file = requiredArgument(args, 'file');
    await runStoreTask(() => this.import(file, options));
  }

  private async import(file: string, options: ImportOptions): Promise<number> {
    const { gameId, chaining } = await this.firstEvent(file);
    if (options.gameId !== undefined && options.gameId !== gameId) {
      throw new CliFailure(
        STORE_EXIT.invalidInput,
        `--game-id ${options.gameId}: ${file} holds game ${gameId}, and an imported game keeps its id: the id is ` +
          'part of every event (gameId, eventId, causationId) and of its hash chain, so renaming would rewrite ' +
          'the audited record. Import it into another store to keep both games.',
      );
    }
    // Checked before anything is written: a malformed notes file is refused with the game.
    const notes = options.notes === undefined ? null : await readNotesFile(options.notes);
    const configured = await openConfiguredStore();
    try {
      const stream = gameStream(gameId);
      const stored = await this.storedHead(configured.store, stream);
      const verified = await this.verify(file, gameId, chaining, stored, stored?.chainSecret ?? drawChainSecret());
      const start = this.startRevision(file, configured, verified, stored, options.resume === true);
      if (start === verified.count) {
        // Importing the same file twice is not an error: the store already holds exactly this record.
        if (notes !== null) await this.storeNotes(configured.store, gameId, notes);
        await writeLines(process.stdout, [
          `game ${gameId} already present in ${configured.name}, identical (the ${start} events of ${file}, ` +
            'same hashes): nothing imported',
        ]);
        return STORE_EXIT.ok;
      }
      const appended = await this.append(file, configured.store, stream, verified, start);
      if (notes !== null) await this.storeNotes(configured.store, gameId, notes);
      if (!configured.lasting) {
        process.stderr.write('note: EVENT_STORE=memory keeps the game only while this command runs (a dry run)\n');
      }
      const what = start === 0 ? `${appended} events` : `the remaining ${appended} events (of ${verified.count})`;
      const how = chaining === 'unchained' ? ' (re-simulated identically, then chained)' : '';
      await writeLines(process.stdout, [
        `imported game ${gameId}: ${what}, revisions ${start}–${verified.count - 1}, into ${configured.name}${how}`,
      ]);
      return STORE_EXIT.ok;
    } finally {
      await configured.close();
    }
  }

  /** The judge's notes of the file given with `--notes`, those the game does not hold yet. */
  private async storeNotes(store: EventStore, gameId: string, notes: readonly NewNote[]): Promise<void> {
    const added = await importNotes(store, gameId, notes);
    process.stderr.write(`${added} note${added === 1 ? '' : 's'} stored with game ${gameId}\n`);
  }

  /** The game id of the file's first event and its chain links, so the store can be asked before the long pass. */
  private async firstEvent(file: string): Promise<{ gameId: string; chaining: FileChaining }> {
    for await (const { event } of readEventFile(file)) {
      const { gameId } = event.metadata;
      if (typeof gameId !== 'string' || !isGameId(gameId)) {
        throw brokenChain(file, 0, 'metadata.gameId is not a valid game id');
      }
      const chaining = chainingOf(event);
      if (chaining === null) throw brokenChain(file, 0, 'the event carries one chain link of prevHash and hash');
      return { gameId, chaining };
    }
    throw new CliFailure(STORE_EXIT.invalidInput, `${file}: no events in the file`);
  }

  private async storedHead(store: EventStore, stream: string): Promise<StoredHead | null> {
    const revision = await store.streamRevision(stream);
    if (revision === null) return null;
    const [event] = await store.readStream(stream, { from: revision, maxCount: 1 });
    const [first] = revision === 0 ? [event] : await store.readStream(stream, { from: 0, maxCount: 1 });
    return { revision, hash: event?.metadata.hash, chainSecret: chainSecretOf(first?.metadata ?? {}) ?? undefined };
  }

  /**
   * Pass 1: the whole file, before anything is written: its chain (or, unchained, the links it is given), and its
   * re-simulation — every event of the vocabulary, and the engine's own output for the commands its input events
   * record. The service only ever stores such a game, so an import takes in nothing it would not have recorded.
   */
  private async verify(
    file: string,
    gameId: string,
    chaining: FileChaining,
    stored: StoredHead | null,
    chainSecret: string,
  ): Promise<VerifiedFile> {
    const last = await lastRevisionOfFile(file);
    const progress = startProgress(`verifying ${file}`, last === null ? 0 : last + 1, { unit: 'events' });
    const resimulation = new ResimulationCheck();
    const checkpoints = new Map<number, string>();
    let count = 0;
    let lastHash = '';
    let hashAtStored: string | null = null;
    let divergedAtLine: number | null = null;
    try {
      const broken = (revision: number, detail: string, line: number): CliFailure =>
        brokenChain(file, revision, detail, line);
      for await (const { event, line } of chainedEventsOf(file, gameId, chaining, broken, chainSecret)) {
        if (divergedAtLine === null) {
          resimulation.push(event);
          if (!resimulation.identical) divergedAtLine = line;
        }
        lastHash = event.metadata.hash as string;
        count += 1;
        if (stored && event.revision === stored.revision) hashAtStored = lastHash;
        if (count % BATCH_SIZE === 0) {
          checkpoints.set(event.revision, lastHash);
          // The bar redraws on its own clock: an update per batch is plenty.
          progress.update(count);
        }
      }
    } finally {
      progress.stop();
    }
    this.checkResimulation(file, resimulation, divergedAtLine);
    return { gameId, chaining, count, lastHash, hashAtStored, checkpoints, chainSecret };
  }

  /** A file is stored only when every event is of the vocabulary and the engine derives exactly them (else exit 3). */
  private checkResimulation(file: string, resimulation: ResimulationCheck, line: number | null): void {
    resimulation.finish();
    const divergence = resimulation.verdict().firstDivergence;
    if (divergence === null) return;
    const where = line === null ? `${file}, after its last line` : `${file}:${line}`;
    const shown = (value: unknown): string => (value === null ? 'nothing' : JSON.stringify(value));
    throw new CliFailure(
      STORE_EXIT.tampered,
      `${where}: re-simulation differs at revision ${divergence.revision}: ${divergence.reason}; ` +
        `expected ${shown(divergence.expected)}, found ${shown(divergence.found)}. The service stores only the ` +
        "events the engine derives from a game's commands. Nothing was imported",
    );
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
   * pass 1): each batch ends at one of pass 1's checkpoints and must have its hash there before it is written,
   * and the last hash must be pass 1's.
   */
  private async append(
    file: string,
    store: EventStore,
    stream: string,
    verified: VerifiedFile,
    start: number,
  ): Promise<number> {
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
    let count = 0;
    let lastHash = '';
    try {
      const changed = (revision: number): CliFailure => this.changedDuringImport(file, revision, expected);
      for await (const { event } of chainedEventsOf(
        file,
        verified.gameId,
        verified.chaining,
        changed,
        verified.chainSecret,
      )) {
        count += 1;
        lastHash = event.metadata.hash as string;
        if (event.revision >= start) batch.push({ type: event.type, data: event.data, metadata: event.metadata });
        const checkpoint = verified.checkpoints.get(event.revision);
        if (checkpoint === undefined) continue;
        if (checkpoint !== lastHash) throw changed(event.revision);
        await flush();
      }
      if (count !== verified.count || lastHash !== verified.lastHash) throw changed(count);
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
