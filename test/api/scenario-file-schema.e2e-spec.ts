import * as fs from 'node:fs';
import * as path from 'node:path';
import { SCENARIO_FILE_SCHEMA_FILE, SCENARIO_FILE_SCHEMA_PATH } from '@app/games';
import { schemaProblems } from '../support/json-schema.problems';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { readScenario } from './support/scenario.http-player';

const REPO_ROOT = path.resolve(__dirname, '../..');
const EXAMPLE = path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json');

describe('GET /schemas/scenario-file.json: the JSON Schema of a scenario file (e2e, SQLite)', () => {
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

  it('is not part of the OpenAPI document, which describes the set-up of POST /games itself', async () => {
    const document = (await api.organiser.get('/docs-json').expect(200)).body as { paths: object };
    expect(Object.keys(document.paths).filter((route) => route.startsWith('/schemas'))).toEqual([]);
  });
});
