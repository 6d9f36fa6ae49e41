import { open, type FileHandle } from 'node:fs/promises';
import * as readline from 'node:readline';
import type { GameEventLine } from '@app/games/recording/game-event-line';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { userPath } from '../user-path';

/** An event line of a file, with where it stands in the file. */
export interface FileEvent {
  event: GameEventLine;
  /** 1-based line number, for messages. */
  line: number;
  /** Bytes read so far, line endings included: progress over the file's size. */
  bytesRead: number;
}

const OPEN_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The shape every line must have; what the fields mean is up to the caller (replay, chain check). */
function parseLine(file: string, text: string, line: number): GameEventLine {
  const where = `${file}:${line}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliFailure(EXIT.invalidInput, `${where}: not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(json)) throw new CliFailure(EXIT.invalidInput, `${where}: an event line must be a JSON object`);
  const { revision, type, data, metadata } = json;
  if (!Number.isSafeInteger(revision) || (revision as number) < 0) {
    throw new CliFailure(EXIT.invalidInput, `${where}: "revision" must be an integer >= 0`);
  }
  if (typeof type !== 'string' || type === '') {
    throw new CliFailure(EXIT.invalidInput, `${where}: "type" must be a non-empty string`);
  }
  if (data === undefined) throw new CliFailure(EXIT.invalidInput, `${where}: "data" is missing`);
  if (!isObject(metadata)) throw new CliFailure(EXIT.invalidInput, `${where}: "metadata" must be an object`);
  return { revision: revision as number, type, data, metadata };
}

/** Opens the file, failing in words (exit 2) when it is missing, a directory or unreadable. */
export async function openEventFile(file: string): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle;
  try {
    handle = await open(userPath(file), 'r');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new CliFailure(EXIT.invalidInput, `${file}: cannot read the file: ${OPEN_ERRORS[code ?? ''] ?? message}`);
  }
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    throw new CliFailure(EXIT.invalidInput, `${file}: cannot read the file: it is not a regular file`);
  }
  return { handle, size: stats.size };
}

/**
 * The events of a `.jsonl` file (`export`'s output, or `simulate`'s), one line at a time: a file of a million
 * events is never held in memory. Blank lines are skipped; a line that is not an event stops the read (exit 2).
 */
export async function* readEventFile(file: string): AsyncGenerator<FileEvent> {
  const { handle } = await openEventFile(file);
  const lines = readline.createInterface({ input: handle.createReadStream({ encoding: 'utf8' }), crlfDelay: Infinity });
  let line = 0;
  let bytesRead = 0;
  try {
    for await (const text of lines) {
      line += 1;
      bytesRead += Buffer.byteLength(text) + 1;
      if (text.trim() === '') continue;
      yield { event: parseLine(file, text, line), line, bytesRead };
    }
  } finally {
    lines.close();
    await handle.close();
  }
}

/** How far back the last line is looked for, at most: far beyond any event line. */
const TAIL_LIMIT = 1 << 24;

/**
 * The revision of the file's last event line, read from its end (a progress bar's total, before the one pass
 * over the file); null when the file has no event lines or the last one is not an event.
 */
export async function lastRevisionOfFile(file: string): Promise<number | null> {
  const { handle, size } = await openEventFile(file);
  try {
    let tail = Buffer.alloc(0);
    for (let end = size; end > 0 && tail.length < TAIL_LIMIT;) {
      const start = Math.max(0, end - (1 << 16));
      const chunk = Buffer.alloc(end - start);
      await handle.read(chunk, 0, chunk.length, start);
      tail = Buffer.concat([chunk, tail]);
      end = start;
      const lines = tail.toString('utf8').split('\n');
      const complete = start === 0 ? lines : lines.slice(1);
      const last = complete.filter((line) => line.trim() !== '').pop();
      if (last === undefined) continue;
      try {
        return parseLine(file, last, 0).revision;
      } catch {
        return null; // the pass over the file reports the line, with its number
      }
    }
    return null;
  } finally {
    await handle.close();
  }
}
