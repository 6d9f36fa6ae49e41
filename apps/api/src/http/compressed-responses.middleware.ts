import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';

/** Smaller bodies are sent as they are: compressing them saves less than the header costs. */
export const COMPRESS_FROM_BYTES = 1024;

/** Bodies worth compressing: JSON, text, the page's scripts and styles (images and streams are not touched). */
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|x-ndjson|problem\+json)|image\/svg\+xml)/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli at quality 4 compresses about as well as gzip's default, several times faster than brotli's default 11. */
function compress(encoding: 'br' | 'gzip', body: Buffer): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body);
  return brotli(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * Compresses what a response sends in one piece (`res.send`/`res.json`: every JSON answer, the replay page and
 * its files) with brotli or gzip, as the request's `Accept-Encoding` prefers; a request without that header gets
 * the body as it is. The `compression` package would also wrap streamed writes; the event streams are written
 * piecemeal on purpose (each frame must leave at once), so they are left alone. Compression runs in zlib's thread
 * pool, off the event loop.
 */
@Injectable()
export class CompressedResponsesMiddleware implements NestMiddleware {
  use(request: Request, response: Response, next: NextFunction): void {
    const send = response.send.bind(response);
    response.send = (body?: unknown): Response => {
      const type = String(response.getHeader('Content-Type') ?? '');
      if (!(typeof body === 'string' || Buffer.isBuffer(body)) || !COMPRESSIBLE.test(type)) return send(body);
      response.vary('Accept-Encoding');
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      const accepted =
        request.headers['accept-encoding'] === undefined ? false : request.acceptsEncodings('br', 'gzip');
      const encoding = accepted === 'br' || accepted === 'gzip' ? accepted : null;
      if (
        encoding === null ||
        bytes.length < COMPRESS_FROM_BYTES ||
        request.method === 'HEAD' ||
        response.getHeader('Content-Encoding') !== undefined
      ) {
        return send(body);
      }
      compress(encoding, bytes).then(
        (compressed) => {
          response.setHeader('Content-Encoding', encoding);
          response.removeHeader('Content-Length');
          send(compressed);
        },
        () => send(body),
      );
      return response;
    };
    next();
  }
}
