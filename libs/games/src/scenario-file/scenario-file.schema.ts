import { type DtoSchema, JSON_SCHEMA_DIALECT, dtoSchemas, schemaName } from './dto-schema.generator';
import { ScenarioFileDto } from './scenario-file.dto';

/** Where the service serves the schema, and what it is called in the repository (docs/). */
export const SCENARIO_FILE_SCHEMA_PATH = '/schemas/scenario-file.json';
export const SCENARIO_FILE_SCHEMA_FILE = 'docs/scenario-file.schema.json';

/** A JSON Schema document: its dialect, what it describes, the root and the schemas the root refers to. */
export interface JsonSchemaDocument {
  $schema: string;
  title: string;
  description: string;
  $ref: string;
  $defs: Record<string, DtoSchema>;
}

/**
 * The JSON Schema (draft 2020-12) of a `*.scenario.json` file, for editors and outside checkers: made from the DTOs
 * that parseScenarioFile checks a file with, by the function that makes the OpenAPI document's set-up schemas.
 * It says the shape only; what the rules decide (ids resolve, groups are legal, actions fit their hooks) is checked
 * when the game is set up.
 */
export function scenarioFileSchema(): JsonSchemaDocument {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Sanctum scenario file',
    description:
      'A game set-up plus the orders of each turn (docs/design.md), the input of `sanctum simulate`. ' +
      'Only the shape: the references between its parts are checked when the game is set up.',
    $ref: `${JSON_SCHEMA_DIALECT.refPrefix}${schemaName(ScenarioFileDto)}`,
    $defs: dtoSchemas(ScenarioFileDto, JSON_SCHEMA_DIALECT),
  };
}

/** The schema as the committed file holds it and the service serves it, byte for byte. */
export function scenarioFileSchemaJson(): string {
  return `${JSON.stringify(scenarioFileSchema(), null, 2)}\n`;
}
