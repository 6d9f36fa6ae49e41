/** Writes one chunk and waits until the stream has taken it (pipes are asynchronous). */
function write(stream: NodeJS.WritableStream, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}

const CHUNK_SIZE = 1 << 16;

/**
 * Writes lines in chunks, waiting for each one: a game's thousands of events reach a slow reader (a pipe, a
 * test harness) whole, and the process never exits with output still buffered.
 */
export async function writeLines(stream: NodeJS.WritableStream, lines: Iterable<string>): Promise<void> {
  let chunk = '';
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length >= CHUNK_SIZE) {
      await write(stream, chunk);
      chunk = '';
    }
  }
  if (chunk !== '') await write(stream, chunk);
}

/** A reader that went away (`sanctum simulate … | head`) is not an error of the simulation. */
export function isBrokenPipe(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EPIPE';
}
