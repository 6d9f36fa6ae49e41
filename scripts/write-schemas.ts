import * as fs from 'node:fs';
import * as path from 'node:path';
import { SCENARIO_FILE_SCHEMA_FILE, scenarioFileSchemaJson } from '@app/games';
import { EVENT_VOCABULARY_SCHEMA_FILE, eventVocabularySchemaJson } from './event-vocabulary-schema';

/**
 * `npm run schema`: writes the JSON Schemas the repository keeps — the scenario file's, made from the DTOs, and the
 * game events', made from the engine's types.
 */
for (const [name, json] of [
  [SCENARIO_FILE_SCHEMA_FILE, scenarioFileSchemaJson()],
  [EVENT_VOCABULARY_SCHEMA_FILE, eventVocabularySchemaJson()],
] as const) {
  const file = path.resolve(__dirname, '..', name);
  fs.writeFileSync(file, json);
  process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
}
