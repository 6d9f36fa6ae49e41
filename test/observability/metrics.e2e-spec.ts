/**
 * Issue #29, part 3: `GET /metrics` in the Prometheus text format. A command moves its counter and its latency
 * histogram; the output parses as Prometheus text; no label carries a game id; the main port wants the
 * organiser's token, METRICS_PORT does not; METRICS=off turns it all off.
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { MetricsPortServer } from '../../apps/api/src/metrics/metrics-port.server';
import { startTracing, tracingRequested } from '../../apps/api/src/tracing/tracing.setup';
import { gameTracingEnabled } from '@app/games';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from '../api/support/api-test-app';
import { readScenario, setupBody, orderBody } from '../api/support/scenario.http-player';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/repo-root';

type Families = ReturnType<typeof parsePrometheusTextFormat>;

const sampleOf = (families: Families, name: string, labels: Record<string, string>) =>
  families
    .find((family) => family.name === name)
    ?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));

describe('GET /metrics (Prometheus text, prom-client)', () => {
  let dir: string;
  let api: ApiTestApp;

  beforeAll(async () => {
    dir = makeTempDir();
    api = await startApi(path.join(dir, 'store.db'), { metricsPort: 0 });
  });
  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  let lastText = '';
  const scrape = async (): Promise<Families> => {
    const response = await api.organiser.get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    lastText = response.text;
    return parsePrometheusTextFormat(response.text);
  };
  /** One sample line's value (the parser keeps no labels of histogram lines). */
  const line = (pattern: string) => Number(new RegExp(`^${pattern} (\\S+)$`, 'm').exec(lastText)?.[1]);

  it('a command moves its counter and its latency histogram, by route pattern and outcome; events, receipts, scheduler and Node are there', async () => {
    const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
    const before = await scrape();
    const count = (families: Families) =>
      Number(sampleOf(families, 'sanctum_commands_total', { route: '/games/:id/orders', outcome: 'ok' })?.value ?? 0);
    const created = await api.organiser.post('/games').send(setupBody(scenario, 'metered')).expect(201);
    const red = created.body.playerTokens.red as string;
    await api
      .as(red)
      .post('/games/metered/orders')
      .send(orderBody('red', scenario.turns[0]!.orders.red![0]!))
      .expect(201);
    await api.as(red).post('/games/unknown-game/orders').send({ player: 'red', discard: 'x' }).expect(403);
    const after = await scrape();
    expect(count(after) - count(before)).toBe(1);
    const labels = 'method="POST",route="/games/:id/orders",outcome="ok"';
    expect(line(`sanctum_command_duration_seconds_count\\{${labels}\\}`)).toBe(1);
    expect(line(`sanctum_command_duration_seconds_sum\\{${labels}\\}`)).toBeGreaterThan(0);
    expect(line(`sanctum_command_duration_seconds_bucket\\{le="\\+Inf",${labels}\\}`)).toBe(1);
    expect(sampleOf(after, 'sanctum_commands_total', { route: '/games', method: 'POST', outcome: 'ok' })?.value).toBe(
      '1',
    );
    expect(sampleOf(after, 'sanctum_commands_total', { route: '/games/:id/orders', outcome: 'refused' })?.value).toBe(
      '1',
    );
    expect(Number(sampleOf(after, 'sanctum_events_appended_total', {})?.value)).toBeGreaterThan(0);
    expect(Number(sampleOf(after, 'sanctum_receipts_signed_total', {})?.value)).toBeGreaterThanOrEqual(2);
    for (const name of [
      'sanctum_scheduler_pending_collections',
      'sanctum_scheduler_collections_total',
      'sanctum_sse_clients',
      'sanctum_store_errors_total',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(after.map((family) => family.name)).toContain(name);
    }
    // Bounded labels: no game id anywhere.
    const values = after.flatMap((family) => family.metrics.flatMap((metric) => Object.values(metric.labels ?? {})));
    expect(values.filter((value) => /metered|unknown-game/.test(value))).toEqual([]);
    expect(lastText).not.toMatch(/metered|unknown-game/);
  });

  it('an open event stream is a client, and its events a delivery lag', async () => {
    const stream = await fetch(`${api.url}/events/stream?token=${api.organiserToken}`);
    try {
      const reader = stream.body!.getReader();
      await reader.read();
      const families = await scrape();
      expect(sampleOf(families, 'sanctum_sse_clients', { stream: 'global' })?.value).toBe('1');
      expect(line('sanctum_sse_delivery_lag_seconds_count\\{stream="global"\\}')).toBeGreaterThan(0);
      await reader.cancel();
    } finally {
      if (!stream.bodyUsed) await stream.body?.cancel().catch(() => undefined);
    }
  });

  it('every metric the Grafana dashboard in deploy/ queries is one the service exports', async () => {
    const dashboard = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy/grafana-dashboard.json'), 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const queried = new Set(
      dashboard.panels
        .flatMap((panel) => panel.targets.map((target) => target.expr))
        .flatMap((expr) => expr.match(/\b(sanctum|nodejs|process)_[a-z0-9_]+/g) ?? [])
        .map((name) => name.replace(/_(bucket|count|sum)$/, '')),
    );
    const exported = new Set((await scrape()).map((family) => family.name));
    expect(queried.size).toBeGreaterThan(10);
    expect([...queried].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('the main port wants the organiser’s token; METRICS_PORT answers without one, only /metrics', async () => {
    await api.as().get('/metrics').expect(401);
    const port = api.app.get(MetricsPortServer).port;
    const open = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(open.status).toBe(200);
    expect(parsePrometheusTextFormat(await open.text()).map((family) => family.name)).toContain(
      'sanctum_commands_total',
    );
    expect((await fetch(`http://127.0.0.1:${port}/games`)).status).toBe(404);
  });

  it('METRICS=off: no /metrics, no counting; traces off without OTEL_EXPORTER_OTLP_ENDPOINT (nothing loaded)', async () => {
    const off = await startApi(path.join(dir, 'off.db'), { metrics: false, metricsPort: 0 });
    try {
      await off.organiser.get('/metrics').expect(404);
      expect(off.app.get(MetricsPortServer).port).toBeUndefined();
    } finally {
      await off.close();
    }
    expect(tracingRequested({})).toBe(false);
    expect(startTracing({})).toBeUndefined();
    expect(gameTracingEnabled()).toBe(false);
  });
});
