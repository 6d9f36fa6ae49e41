import type { StreamingRead } from '@eventstore/db-client';

/**
 * Consumes a client read until it ends or `take` returns false (or throws). A read left before its end is
 * cancelled: otherwise its gRPC call stays open on the connection, and the server serves 100 of those per
 * connection before every later call waits forever. Not a `for await`: leaving one destroys the client's stream
 * object, and a call the server had already finished is then never read to its end, which `client.dispose()`
 * waits for; here the read keeps flowing (ignored) until the cancellation or its end is seen.
 */
export function consumeRead<E>(read: StreamingRead<E>, take: (item: E) => boolean): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      if (error === undefined) resolve();
      else reject(error);
    };
    const leave = (error?: unknown) => {
      finish(error);
      read.cancel().catch(() => undefined);
    };
    read.on('data', (item: E) => {
      if (done) return;
      try {
        if (!take(item)) leave();
      } catch (error) {
        leave(error);
      }
    });
    read.on('error', (error: Error) => finish(error));
    read.on('end', () => finish());
  });
}
