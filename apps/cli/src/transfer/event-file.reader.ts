import { open, type FileHandle } from 'node:fs/promises';
import { type GameEventLine, UnusableInputError, eventOfLine, linesOf } from '@app/verifier';
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

/** The shape every line must have (the verifier's eventOfLine); a line without it is bad input (exit 2). */
function parseLine(file: string, text: string, line: number): GameEventLine {
  try {
    return eventOfLine(text, `${file}:${line}`);
  } catch (error) {
    if (error instanceof UnusableInputError) throw new CliFailure(EXIT.invalidInput, error.message);
    throw error;
  }
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
  // Split as the offline page splits a file (linesOf), so both read the same lines.
  const stream = handle.createReadStream({ encoding: 'utf8' });
  let bytesRead = 0;
  try {
    for await (const { text, number } of linesOf(stream as AsyncIterable<string>)) {
      bytesRead += Buffer.byteLength(text) + 1;
      if (text.trim() === '') continue;
      yield { event: parseLine(file, text, number), line: number, bytesRead };
    }
  } finally {
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
