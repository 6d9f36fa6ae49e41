import * as path from 'node:path';
import { type Config, createGenerator } from 'ts-json-schema-generator';
import type { JSONSchema7 } from 'json-schema';

const ROOT = path.resolve(__dirname, '..');

/** Where the repository keeps the schema: beside the check that reads it (see stored-event.check.ts). */
export const EVENT_VOCABULARY_SCHEMA_FILE = 'libs/verifier/src/events/event-vocabulary.schema.json';

/** The schema of one TypeScript type, every object closed (`additionalProperties: false`), as the type says. */
function schemaOf(file: string, type: string): JSONSchema7 {
  const config: Config = {
    path: path.join(ROOT, file),
    // Only the files the two types live in (and what they import): the project's whole program takes far longer.
    tsconfig: path.join(ROOT, 'scripts/event-vocabulary.tsconfig.json'),
    type,
    // `npm run typecheck` checks the types; the generator only reads them.
    skipTypeCheck: true,
    additionalProperties: false,
    expose: 'export',
    topRef: false,
    jsDoc: 'basic',
    sortProps: true,
  };
  return createGenerator(config).createSchema(type) as JSONSchema7;
}

/**
 * The JSON Schema (draft-07) of a game stream's events, made from the engine's own types: the event vocabulary
 * (`EventDataMap`, one data shape per event type) and the stored metadata (`StoredEventMetadata`, the engine's
 * envelope with the chain's links). The store boundary checks every event read back against it (stored-event.check.ts),
 * so a test fails when the types change and this file is not written again (`npm run schema`).
 */
export function eventVocabularySchema(): JSONSchema7 {
  const data = schemaOf('libs/rules/src/events/event-vocabulary.ts', 'EventDataMap');
  const metadata = schemaOf('libs/games/src/recording/stored-game-event.ts', 'StoredEventMetadata');
  const { definitions: dataDefinitions = {}, $schema: _dataDialect, ...eventData } = data;
  const { definitions: metadataDefinitions = {}, $schema: _metadataDialect, ...storedMetadata } = metadata;
  const types = Object.keys(eventData.properties ?? {});
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Sanctum Chronicle game event',
    description:
      'One event of a game stream as stored and exported: its revision, its type, the data of that type ' +
      '(definitions.EventData names the shape of each type) and the metadata every stored event carries. Made from ' +
      "the rules engine's types by `npm run schema`.",
    type: 'object',
    properties: {
      revision: { type: 'integer', minimum: 0 },
      type: { type: 'string', enum: types },
      data: true,
      metadata: { $ref: '#/definitions/StoredEventMetadata' },
    },
    required: ['revision', 'type', 'data', 'metadata'],
    additionalProperties: false,
    allOf: types.map((type) => ({
      if: { properties: { type: { const: type } } },
      then: { properties: { data: { $ref: `#/definitions/EventData/properties/${type}` } } },
    })),
    definitions: {
      ...dataDefinitions,
      ...metadataDefinitions,
      EventData: eventData,
      StoredEventMetadata: storedMetadata,
    },
  };
}

/** The schema as the repository keeps it, byte for byte. */
export function eventVocabularySchemaJson(): string {
  return `${JSON.stringify(eventVocabularySchema(), null, 2)}\n`;
}
