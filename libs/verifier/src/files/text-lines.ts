/** Where a text's lines end: `\n`, `\r\n` or a lone `\r`, as Node's readline splits a file. */
const LINE_END = /\r?\n|\r(?!\n)/g;

/** A line of a text file and its number (from 1). */
export interface NumberedLine {
  text: string;
  number: number;
}

/**
 * The lines of a text that arrives in pieces (a file read as a stream, in Node or in a page), one at a time: a file of
 * any length is never held whole. The last line counts even without a line end; a `\r` at the end of a piece waits
 * for the next one, which may start with its `\n`.
 */
export async function* linesOf(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<NumberedLine> {
  let pending = '';
  let number = 0;
  for await (const chunk of chunks) {
    pending += chunk;
    let start = 0;
    LINE_END.lastIndex = 0;
    for (let match = LINE_END.exec(pending); match !== null; match = LINE_END.exec(pending)) {
      if (match.index + match[0].length === pending.length && match[0] === '\r') break;
      number += 1;
      yield { text: pending.slice(start, match.index), number };
      start = match.index + match[0].length;
    }
    pending = pending.slice(start);
  }
  if (pending !== '') yield { text: pending.endsWith('\r') ? pending.slice(0, -1) : pending, number: number + 1 };
}
