import * as http from 'node:http';
import * as net from 'node:net';

/** One HTTP request exactly as the fuzz test wants it on the wire (node's own client checks less than fetch). */
export interface WireRequest {
  method: string;
  /** The request target as sent: already percent-encoded, or deliberately not. */
  path: string;
  /** Header lines in order; a name may repeat. */
  headers: [string, string][];
  body?: Buffer;
  /** Write the body in chunks (Transfer-Encoding: chunked) rather than with a Content-Length. */
  chunked?: boolean;
  /** Written byte for byte over a socket: for requests node's client refuses to form (control bytes, raw paths). */
  raw?: boolean;
  /** An event stream: once the status and headers are in, the connection is dropped. */
  stream?: boolean;
}

export interface WireResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export type WireOutcome = { response: WireResponse } | { error: string; partial?: WireResponse };

const TIMEOUT_MS = 10_000;

/** Keep-alive, as real clients do: a request that breaks its connection must not break the next one. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export function closeWireClient(): void {
  agent.destroy();
}

export async function sendWire(port: number, request: WireRequest): Promise<WireOutcome> {
  if (request.raw) return sendRaw(port, request);
  const first = await sendWithNode(port, request, agent);
  // A kept-alive connection the server closed just as this request went out (its idle timeout): the request
  // never reached it, and node's documentation says to send it again, on a new connection.
  if ('error' in first && first.stale) return sendWithNode(port, request, false);
  return first;
}

/** Node's client: what it cannot send (an invalid header value or path) is reported as the outcome, not thrown. */
function sendWithNode(
  port: number,
  request: WireRequest,
  through: http.Agent | false,
): Promise<WireOutcome & { stale?: boolean }> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: WireOutcome & { stale?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, agent: through });
      const grouped = new Map<string, string[]>();
      for (const [name, value] of request.headers) grouped.set(name, [...(grouped.get(name) ?? []), value]);
      for (const [name, values] of grouped) outgoing.setHeader(name, values.length === 1 ? values[0] : values);
    } catch (error) {
      resolve({ error: `client refused to send: ${(error as Error).message}` });
      return;
    }
    const timer = setTimeout(() => {
      outgoing.destroy();
      done({ error: `no complete answer within ${TIMEOUT_MS} ms` });
    }, TIMEOUT_MS);
    outgoing.on('response', (incoming) => {
      const partial: WireResponse = {
        status: incoming.statusCode ?? 0,
        headers: incoming.headers,
        body: Buffer.alloc(0),
      };
      if (request.stream) {
        // An event stream stays open: its status and headers are the answer.
        incoming.destroy();
        outgoing.destroy();
        done({ response: partial });
        return;
      }
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => done({ response: { ...partial, body: Buffer.concat(chunks) } }));
      incoming.on('error', (error) => done({ error: `answer broken off: ${error.message}`, partial }));
      incoming.on('aborted', () => done({ error: 'answer aborted', partial }));
    });
    let answered = false;
    outgoing.on('response', () => (answered = true));
    outgoing.on('error', (error) =>
      done({
        error: `request failed: ${error.message}`,
        stale: !answered && outgoing.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET',
      }),
    );
    if (request.body === undefined) {
      outgoing.end();
    } else if (request.chunked) {
      const half = Math.floor(request.body.length / 2);
      outgoing.write(request.body.subarray(0, half));
      outgoing.end(request.body.subarray(half));
    } else {
      outgoing.setHeader('Content-Length', request.body.length);
      outgoing.end(request.body);
    }
  });
}

/** The status line and headers of a raw answer (the body is whatever follows); interim 1xx answers are skipped. */
function parseRaw(bytes: Buffer): WireResponse | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (match === null) return null;
  if (match[1].startsWith('1') && match[1] !== '101') return parseRaw(bytes.subarray(end + 4));
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(match[1]), headers, body: bytes.subarray(end + 4) };
}

/** A request written byte for byte on its own connection (`Connection: close`), read until the server closes it. */
function sendRaw(port: number, request: WireRequest): Promise<WireOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = net.connect(port, '127.0.0.1');
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseRaw(Buffer.concat(chunks));
      if (parsed !== null && (error === undefined || request.stream)) resolve({ response: parsed });
      else resolve({ error: error ?? 'the connection closed without an answer', partial: parsed ?? undefined });
    };
    const timer = setTimeout(() => finish(`no complete answer within ${TIMEOUT_MS} ms`), TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (request.stream && parseRaw(Buffer.concat(chunks)) !== null) finish();
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (error) => finish(`socket error: ${error.message}`));
    const lines = [`${request.method} ${request.path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
    for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
    if (request.body !== undefined) lines.push(`Content-Length: ${request.body.length}`);
    socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'));
    if (request.body !== undefined) socket.write(request.body);
  });
}
