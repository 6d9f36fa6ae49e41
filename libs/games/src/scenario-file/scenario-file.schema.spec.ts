import * as fs from 'node:fs';
import * as path from 'node:path';
import { SCENARIO_FILE_SCHEMA_FILE, scenarioFileSchema, scenarioFileSchemaJson } from './scenario-file.schema';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

describe('the JSON Schema of a scenario file', () => {
  it(`is committed as ${SCENARIO_FILE_SCHEMA_FILE} exactly as the DTOs make it now (else: npm run schema)`, () => {
    const committed = fs.readFileSync(path.join(REPO_ROOT, SCENARIO_FILE_SCHEMA_FILE), 'utf8');
    expect(committed).toBe(scenarioFileSchemaJson());
  });

  it('requires what parseScenarioFile requires: a name and turns as well as the set-up', () => {
    const { $defs, $ref } = scenarioFileSchema();
    expect($ref).toBe('#/$defs/ScenarioFile');
    expect($defs.ScenarioFile.required).toEqual(['board', 'initiative', 'name', 'players', 'seed', 'spells', 'turns']);
    expect($defs.ScenarioFile.properties!.$schema).toEqual({ type: 'string' });
    expect($defs.ScenarioFile.additionalProperties).toBe(false);
  });

  it("says null where the parser takes it (a minion's class) and nowhere else", () => {
    const { $defs } = scenarioFileSchema();
    const nullable = Object.entries($defs).flatMap(([name, schema]) =>
      Object.entries(schema.properties ?? {})
        .filter(([, field]) => Array.isArray(field.type) && field.type.includes('null'))
        .map(([field]) => `${name}.${field}`),
    );
    expect(nullable).toEqual(['MinionTemplate.class', 'BoardMinion.class']);
  });
});
