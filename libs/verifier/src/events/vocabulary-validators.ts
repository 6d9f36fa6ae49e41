import Ajv, { type Options, type ValidateFunction } from 'ajv';
import vocabulary from './event-vocabulary.schema.json';

/** What a stored event is checked with: the validator of its type's data, and of every stored event's metadata. */
export interface VocabularyValidators {
  dataOf(type: string): ValidateFunction;
  metadata(): ValidateFunction;
}

/** Where the validators find the schemas: the definitions of the committed schema (npm run schema). */
export const VOCABULARY_SCHEMAS = 'event-vocabulary';

/** The schema of an event type's data, and of the metadata, within VOCABULARY_SCHEMAS. */
export const dataSchemaRef = (type: string): string =>
  `${VOCABULARY_SCHEMAS}#/definitions/EventData/properties/${type}`;
export const METADATA_SCHEMA_REF = `${VOCABULARY_SCHEMAS}#/definitions/StoredEventMetadata`;

/**
 * How the validators are compiled, here and for a page (whose validators are generated beforehand, as code, by the
 * page's build: its content security policy allows no code made at run time). The schema is the repository's own
 * and tested, so it is not checked against the meta-schema again at every start.
 */
export const VOCABULARY_AJV_OPTIONS: Options = { strict: true, validateSchema: false, code: { optimize: false } };

/** A fresh Ajv holding the vocabulary's definitions. */
export function vocabularyAjv(options: Options = VOCABULARY_AJV_OPTIONS): Ajv {
  return new Ajv(options).addSchema({ definitions: vocabulary.definitions }, VOCABULARY_SCHEMAS);
}

/**
 * Compiled on first use, one per event type: a process that reads a few types of event compiles only those. (The
 * offline page's build puts validators generated from the same schema in this module's place.)
 */
export function vocabularyValidators(): VocabularyValidators {
  const ajv = vocabularyAjv();
  const data = new Map<string, ValidateFunction>();
  let metadata: ValidateFunction | undefined;
  return {
    dataOf(type) {
      let validate = data.get(type);
      if (validate === undefined) {
        validate = ajv.compile({ $ref: dataSchemaRef(type) });
        data.set(type, validate);
      }
      return validate;
    },
    metadata() {
      metadata ??= ajv.compile({ $ref: METADATA_SCHEMA_REF });
      return metadata;
    },
  };
}
