import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { GAME_EVENT_SCHEMA_PATH, SCENARIO_FILE_SCHEMA_FILE, SCENARIO_FILE_SCHEMA_PATH } from '@app/games';
import { schemaProblems } from '../support/json-schema.problems';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { createGame, readScenario, setupBody } from './support/scenario.http-player';

const REPO_ROOT = path.resolve(__dirname, '../..');
const EXAMPLE = path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json');

describe('GET /schemas/…: the JSON Schemas of a scenario file and of a stored game event (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'), { gcScheduler: false });
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('is public, typed as a JSON Schema, and byte for byte the committed file', async () => {
    const response = await api.as().get(SCENARIO_FILE_SCHEMA_PATH).expect(200);
    expect(response.headers['content-type']).toBe('application/schema+json; charset=utf-8');
    expect(response.text).toBe(fs.readFileSync(path.join(REPO_ROOT, SCENARIO_FILE_SCHEMA_FILE), 'utf8'));
    await api.organiser.get(SCENARIO_FILE_SCHEMA_PATH).expect(200);
  });

  it('takes the example pointing at it with "$schema", and refuses the example without its turns', async () => {
    const schema = JSON.parse((await api.as().get(SCENARIO_FILE_SCHEMA_PATH).expect(200)).text);
    const example = { $schema: `${api.url}${SCENARIO_FILE_SCHEMA_PATH}`, ...readScenario(EXAMPLE) };
    expect(schemaProblems(example, schema)).toEqual([]);
    const { turns: _turns, ...setup } = example;
    expect(schemaProblems(setup, schema)).toEqual(['turns is missing']);
  });

  it('the game event schema is public and takes, with a standard validator, every event the organiser reads', async () => {
    const response = await api.as().get(GAME_EVENT_SCHEMA_PATH).expect(200);
    expect(response.headers['content-type']).toBe('application/schema+json; charset=utf-8');
    const check = new Ajv({ strict: false }).compile(JSON.parse(response.text) as object);
    await createGame(api, setupBody(readScenario(EXAMPLE), 'schema-game'));
    const { events } = (await api.organiser.get('/games/schema-game/events').expect(200)).body as {
      events: { type: string; data: Record<string, unknown> }[];
    };
    expect(events.length).toBeGreaterThan(0);
    for (const event of events)
      expect({ type: event.type, valid: check(event), errors: check.errors }).toMatchObject({ valid: true });
    const [created] = events;
    expect(check({ ...created, data: { ...created!.data, board: null } })).toBe(false);
    expect(check({ ...created, type: 'TurnStarted' })).toBe(false);
  });

  it('is not part of the OpenAPI document, which describes the set-up of POST /games itself', async () => {
    const document = (await api.organiser.get('/docs-json').expect(200)).body as { paths: object };
    expect(Object.keys(document.paths).filter((route) => route.startsWith('/schemas'))).toEqual([]);
  });
});
