import { CliFailure } from '../cli-failure.error';
import { STORE_EXIT } from '../transfer/store-exit-codes';

/** A refusal of the service: its status and the body it answered (`{statusCode, message, rule?, …}`). */
export class ServiceRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    what: string,
  ) {
    const rule = typeof body.rule === 'string' ? `rule ${body.rule}: ` : '';
    const reason = body.reason ?? body.message ?? JSON.stringify(body);
    super(`${what}: the service answered ${status}: ${rule}${String(reason)}`);
    this.name = 'ServiceRefused';
  }
}

/** How long one request may take before the service counts as unreachable. */
const REQUEST_TIMEOUT_MS = 30_000;

/** The HTTP service at `--url`, called with one token per request (the organiser's, or a player's). */
export class ServiceClient {
  constructor(readonly baseUrl: string) {}

  /** JSON in, JSON out; a non-2xx answer is a ServiceRefused, an unreachable service exits 69. */
  async call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    token: string,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<Record<string, unknown>> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CliFailure(
        STORE_EXIT.storeUnavailable,
        `cannot reach the service at ${this.baseUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      );
    }
    const text = await response.text();
    let json: unknown = {};
    try {
      json = text === '' ? {} : JSON.parse(text);
    } catch {
      json = { message: text.slice(0, 200) };
    }
    const body = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : { value: json };
    if (!response.ok) throw new ServiceRefused(response.status, body, `${method} ${path}`);
    return body;
  }
}
