import * as fs from 'node:fs';
import * as path from 'node:path';
import { SCENARIO_FILE_SCHEMA_FILE, scenarioFileSchemaJson } from '@app/games';

/** `npm run schema`: writes the scenario file's JSON Schema, made from the DTOs, where the repository keeps it. */
const file = path.resolve(__dirname, '..', SCENARIO_FILE_SCHEMA_FILE);
fs.writeFileSync(file, scenarioFileSchemaJson());
process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
