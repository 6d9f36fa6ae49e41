import * as path from 'node:path';
import request from 'supertest';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';

interface Operation {
  security?: unknown[];
  responses: Record<string, unknown>;
}

describe('OpenAPI document and health (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'), { gcScheduler: false });
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('serves an OpenAPI document listing every endpoint', async () => {
    const response = await request(api.url).get('/docs-json').expect(200);
    expect(response.body.openapi).toMatch(/^3\./);
    const operations = Object.entries(response.body.paths as Record<string, object>).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(operations.sort()).toEqual(
      [
        'POST /games',
        'GET /games',
        'POST /games/{id}/orders',
        'DELETE /games/{id}/orders/{orderId}',
        'POST /games/{id}/confirm',
        'GET /games/{id}/state',
        'GET /games/{id}/events',
        'GET /games/{id}/events/stream',
        'GET /games/{id}/audit',
        'GET /games/{id}/events/{revision}/why',
        'POST /games/{id}/fork',
        'GET /events/stream',
        'GET /events',
        'GET /games/{id}/timeline',
        'GET /games/{id}/viewer',
        'GET /rules',
        'GET /rules/{id}',
        'GET /health',
        'GET /health/ready',
        'GET /health/live',
        'GET /games/{id}/receipts',
        'GET /games/{id}/export',
        'GET /games/{id}/head',
        'GET /.well-known/sanctum-keys',
        'POST /log/heads',
        'GET /log/tree-head',
        'GET /log/entries',
        'GET /log/inclusion',
        'GET /log/consistency',
        'GET /log/checkpoint',
        'GET /log/tlog-proof',
        'GET /log/tlog-consistency',
        'POST /games/{id}/publish',
        'POST /games/{id}/resign',
        'POST /games/{id}/result',
        'GET /games/{id}/moves',
        'GET /games/{id}/standings',
        'GET /games/{id}/why',
        'POST /games/{id}/notes',
        'GET /games/{id}/notes',
      ].sort(),
    );
    // Issue #5: a bearer scheme, declared on every endpoint but health (the 401/403 answers are documented too).
    expect(response.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [route, methods] of Object.entries(response.body.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        // Public: health, the rules, the signing keys, and reading the tournament log (its heads reveal nothing).
        const secured =
          !route.startsWith('/health') &&
          !route.startsWith('/rules') &&
          route !== '/.well-known/sanctum-keys' &&
          !(route.startsWith('/log/') && method === 'get');
        expect([`${method} ${route}`, operation.security ?? []]).toEqual([
          `${method} ${route}`,
          secured ? [{ bearer: [] }] : [],
        ]);
        if (secured) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403']));
      }
    }
    const streamParameters = response.body.paths['/events/stream'].get.parameters as { name: string }[];
    expect(streamParameters.map((parameter) => parameter.name)).toContain('token');
    const placeOrder = response.body.components.schemas.PlaceOrderRequestDto;
    expect(Object.keys(placeOrder.properties)).toEqual(['player', 'cast', 'target', 'attack', 'discard']);
  });

  it('serves the Swagger UI at /docs', async () => {
    const response = await request(api.url).get('/docs').redirects(1).expect(200);
    expect(response.text).toContain('swagger');
  });

  it('reports the store as up: readiness (also at /health), and liveness', async () => {
    for (const route of ['/health', '/health/ready']) {
      const response = await request(api.url).get(route).expect(200);
      expect(response.body).toMatchObject({
        status: 'ok',
        info: { store: { status: 'up', kind: 'sqlite' }, shutdown: { status: 'up' } },
      });
    }
    const live = await request(api.url).get('/health/live').expect(200);
    expect(live.body).toMatchObject({ status: 'ok' });
  });
});
