/**
 * Issue #29, part 3: OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set. The service (`npm start`) sends
 * its spans over OTLP/HTTP to a receiver in this test: one order's HTTP request, its command, the rules' decision,
 * the append, and the delivery of its events to an open SSE stream, as one tree carrying the game id, in the trace
 * of the caller's `traceparent`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { ApiProcess } from '../crash/support/api.child-process';
import { makeTempDir, removeTempDir } from '../api/support/api-test-app';
import { orderBody, readScenario, setupBody } from '../api/support/scenario.http-player';
import { SseClient } from '../api/support/sse-client';
import { REPO_ROOT } from '../support/repo-root';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}

/** An OTLP/HTTP receiver (JSON, as the exporter sends it): every span of every request, flattened. */
class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly services = new Set<string>();
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces') this.take(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  async waitFor(done: (spans: ReceivedSpan[]) => boolean, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done(this.spans)) {
      if (Date.now() > deadline) throw new Error(`spans so far: ${this.spans.map((s) => s.name).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private take(body: {
    resourceSpans?: {
      resource?: { attributes?: { key: string; value: OtlpValue }[] };
      scopeSpans?: {
        spans?: (Omit<ReceivedSpan, 'attributes'> & { attributes?: { key: string; value: OtlpValue }[] })[];
      }[];
    }[];
  }): void {
    const flat = (attributes: { key: string; value: OtlpValue }[] = []) =>
      Object.fromEntries(
        attributes.map(({ key, value }) => [
          key,
          value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue,
        ]),
      );
    for (const resource of body.resourceSpans ?? []) {
      const service = flat(resource.resource?.attributes)['service.name'];
      if (typeof service === 'string') this.services.add(service);
      for (const scope of resource.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) this.spans.push({ ...span, attributes: flat(span.attributes) });
      }
    }
  }
}

describe('OpenTelemetry traces over OTLP/HTTP (npm start, an in-process receiver)', () => {
  const receiver = new OtlpReceiver();
  let dir: string;
  let api: ApiProcess;

  beforeAll(async () => {
    dir = makeTempDir();
    const endpoint = await receiver.start();
    api = ApiProcess.start({
      sqlitePath: path.join(dir, 'store.db'),
      organiserToken: 'traces-organiser-token-0123456789',
      serverSecret: 'traces-server-secret-0123456789abcdef',
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_BSP_SCHEDULE_DELAY: '100', OTEL_SERVICE_NAME: 'sanctum-test' },
    });
    await api.ready(60_000);
  }, 90_000);

  afterAll(async () => {
    await api?.kill('SIGTERM');
    await receiver.stop();
    if (dir) removeTempDir(dir);
  });

  it('an order: HTTP request → command → decide → append → SSE delivery, with the game id, in the caller’s trace', async () => {
    const url = await api.url();
    const organiser = { Authorization: 'Bearer traces-organiser-token-0123456789', 'Content-Type': 'application/json' };
    const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
    const created = await fetch(`${url}/games`, {
      method: 'POST',
      headers: organiser,
      body: JSON.stringify(setupBody(scenario, 'traced')),
    });
    expect(created.status).toBe(201);
    const { playerTokens, revision } = (await created.json()) as { playerTokens: { red: string }; revision: number };
    const stream = await SseClient.open(`${url}/games/traced/events/stream?token=traces-organiser-token-0123456789`);
    await stream.waitFor((events) => events.length === revision + 1);

    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const ordered = await fetch(`${url}/games/traced/orders`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${playerTokens.red}`,
        'Content-Type': 'application/json',
        traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
      },
      body: JSON.stringify(orderBody('red', scenario.turns[0]!.orders.red![0]!)),
    });
    expect(ordered.status).toBe(201);
    const after = ((await ordered.json()) as { revision: number }).revision;
    await stream.waitFor((events) => events.length === after + 1);
    stream.close();

    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId);
    await receiver.waitFor(() => inTrace().filter((span) => span.name === 'sse delivery').length >= after - revision);
    const spans = inTrace();
    const named = (name: string) => spans.filter((span) => span.name === name);
    const [http] = spans.filter((span) => span.kind === 2 && span.parentSpanId === '00f067aa0ba902b7');
    const [command] = named('command POST /games/:id/orders');
    const [decide] = named('decide');
    const [append] = named('append');
    expect(http).toBeDefined();
    expect(command).toMatchObject({ parentSpanId: http!.spanId, attributes: { 'sanctum.game_id': 'traced' } });
    expect(decide).toMatchObject({ parentSpanId: command!.spanId, attributes: { 'sanctum.game_id': 'traced' } });
    expect(append).toMatchObject({ parentSpanId: command!.spanId, attributes: { 'sanctum.game_id': 'traced' } });
    const deliveries = named('sse delivery');
    expect(deliveries.map((span) => Number(span.attributes['sanctum.revision'])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: after - revision }, (_, k) => revision + 1 + k),
    );
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ parentSpanId: append!.spanId, attributes: { 'sanctum.game_id': 'traced' } });
    }
    expect([...receiver.services]).toEqual(['sanctum-test']);
  }, 60_000);
});
