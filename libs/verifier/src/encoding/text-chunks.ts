/**
 * A byte stream as UTF-8 text, a piece at a time, so that a record of any length is never held whole. A byte-order
 * mark is kept, as Node keeps it reading a file: a page checks the bytes `sanctum verify` would check.
 */
export async function* textChunksOf(bytes: ReadableStream<Uint8Array<ArrayBuffer>>): AsyncGenerator<string> {
  const reader = bytes.pipeThrough(new TextDecoderStream('utf-8', { ignoreBOM: true })).getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    reader.releaseLock();
  }
}
