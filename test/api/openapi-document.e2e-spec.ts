import { STATUS_CODES } from 'node:http';
import * as path from 'node:path';
import request from 'supertest';
import { type ApiTestApp, bearer, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { readScenario, setupBody } from './support/scenario.http-player';

type Schema = {
  $ref?: string;
  allOf?: Schema[];
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
  nullable?: boolean;
};

interface Response {
  description: string;
  content?: Record<string, { schema?: Schema; example?: { statusCode?: number; error?: string; message?: unknown } }>;
}

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');
const ORGANISER = 'openapi-document-organiser';

/**
 * Where a value breaks a schema of the document (its path), or none: only what the set-up schemas use — $ref,
 * allOf, type, enum, properties, required, closed objects, items, bounds, patterns.
 */
function problems(value: unknown, schema: Schema, schemas: Record<string, Schema>, at = '(body)'): string[] {
  if (schema.$ref !== undefined) return problems(value, schemas[schema.$ref.split('/').pop()!], schemas, at);
  const found: string[] = [];
  for (const part of schema.allOf ?? []) found.push(...problems(value, part, schemas, at));
  if (value === null) return schema.nullable ? found : [...found, `${at} is null`];
  if (schema.enum !== undefined && !schema.enum.includes(value)) found.push(`${at} is not one of ${schema.enum}`);
  const type = Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (schema.type !== undefined && schema.type !== type && !(schema.type === 'number' && type === 'integer')) {
    return [...found, `${at} is ${type}, not ${schema.type}`];
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) found.push(`${at} is under ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) found.push(`${at} is over ${schema.maximum}`);
  }
  if (typeof value === 'string' && schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) {
    found.push(`${at} does not match ${schema.pattern}`);
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) found.push(`${at} has too many items`);
    value.forEach((item, i) => schema.items && found.push(...problems(item, schema.items, schemas, `${at}[${i}]`)));
  } else if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) found.push(`${at}.${key} is missing`);
    for (const [key, item] of Object.entries(record)) {
      const known = schema.properties?.[key];
      if (known !== undefined) found.push(...problems(item, known, schemas, `${at}.${key}`));
      else if (typeof schema.additionalProperties === 'object') {
        found.push(...problems(item, schema.additionalProperties, schemas, `${at}.${key}`));
      } else if (schema.additionalProperties === false) found.push(`${at}.${key} is not a known field`);
    }
  }
  return found;
}

/** Issue #17 "First minutes": what /docs-json tells someone writing a client. */
describe('the OpenAPI document (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let document: {
    paths: Record<string, Record<string, { responses: Record<string, Response>; requestBody?: unknown }>>;
    components: { schemas: Record<string, Schema> };
  };

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'), { gcScheduler: false, organiserToken: ORGANISER });
    document = (await request(api.url).get('/docs-json').expect(200)).body;
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('gives every error status of every route an example of that very status', () => {
    const seen = new Set<string>();
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          // Under each media type the route declares (the event streams' errors come before the stream begins).
          const media = Object.entries(response.content ?? {});
          expect([`${method} ${route} ${status}`, media.length > 0]).toEqual([`${method} ${route} ${status}`, true]);
          for (const [type, { schema, example }] of media) {
            // A health check's 503 is terminus's own answer (its schema says so), not an error body.
            if (schema?.$ref !== '#/components/schemas/ErrorResponseDto') {
              expect(`${method} ${route} ${status}`).toMatch(/^get \/health(\/live|\/ready)? 503$/);
              continue;
            }
            expect([`${method} ${route} ${status} ${type}`, example?.statusCode, example?.error]).toEqual([
              `${method} ${route} ${status} ${type}`,
              Number(status),
              STATUS_CODES[Number(status)],
            ]);
            expect(example?.message).toBeTruthy();
          }
          seen.add(status);
        }
      }
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(['400', '401', '403', '404', '409', '422', '503']));
  });

  it('shows as a 401 or 403 example what the service answers on that route', async () => {
    const post = document.paths['/games'].post.responses;
    const refused = await request(api.url)
      .post('/games')
      .send(setupBody(readScenario(EXAMPLE), 'nobody'))
      .expect(401);
    expect(post['401'].content!['application/json'].example).toEqual(refused.body);
    const created = await request(api.url)
      .post('/games')
      .set(bearer(ORGANISER))
      .send(setupBody(readScenario(EXAMPLE), 'docs'))
      .expect(201);
    const asPlayer = await request(api.url)
      .post('/games')
      .set(bearer(created.body.playerTokens.red as string))
      .send(setupBody(readScenario(EXAMPLE), 'docs-2'))
      .expect(403);
    expect(post['403'].content!['application/json'].example).toEqual(asPlayer.body);
  });

  it('describes the set-up of POST /games field by field: the example set-up fits it, a broken one does not', async () => {
    const body = document.paths['/games'].post.requestBody as { content: Record<string, { schema: Schema }> };
    const schema = body.content['application/json'].schema;
    const { schemas } = document.components;
    const setup = setupBody(readScenario(EXAMPLE), 'fits');
    expect(problems(setup, schema, schemas)).toEqual([]);
    expect(schemas.BoardMinion.properties!.hp).toMatchObject({ type: 'integer', minimum: 1 });
    expect(schemas.PlayerSetup.required).toEqual(expect.arrayContaining(['house', 'mana', 'hand', 'deck']));

    // What the service refuses, the document refuses too, at the same path.
    const broken = structuredClone(setup) as { board: { groups: { minions: { hp: number }[] }[] }; seed: unknown };
    broken.board.groups[0].minions[0].hp = 0;
    broken.seed = 'eleven';
    (broken as Record<string, unknown>).turns = [];
    expect(problems(broken, schema, schemas)).toEqual([
      '(body).seed is string, not integer',
      '(body).board.groups[0].minions[0].hp is under 1',
      '(body).turns is not a known field',
    ]);
    const refused = await request(api.url).post('/games').set(bearer(ORGANISER)).send(broken).expect(400);
    expect(refused.body.message).toEqual(
      expect.arrayContaining([
        expect.stringContaining('board.groups[0].minions[0].hp'),
        expect.stringContaining('seed'),
        expect.stringContaining('turns'),
      ]),
    );
  });
});
