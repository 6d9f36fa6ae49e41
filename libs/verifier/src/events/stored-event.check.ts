import type { ErrorObject } from 'ajv';
import type { EventType } from '@app/rules';
import { canonicalFormProblem } from '../canonical/canonical-form.check';
import vocabulary from './event-vocabulary.schema.json';
import { type VocabularyValidators, vocabularyValidators } from './vocabulary-validators';

/** Why a stored event is not an event of the vocabulary. */
export interface StoredEventProblem {
  /** In words, naming the field: `data.minionId must be string`, `type Nonsense is no event of the vocabulary`. */
  reason: string;
  /**
   * Whether its content still has a canonical JSON form, so that its hash can be computed and the chain checked
   * over it (a number JSON cannot hold, or nesting past the bound, has none).
   */
  hashable: boolean;
}

/** Where the service serves the schema of a stored game event. */
export const GAME_EVENT_SCHEMA_PATH = '/schemas/game-event.json';

/** The schema of a stored game event, as the repository keeps it (made from the engine's types by `npm run schema`). */
export function gameEventSchemaJson(): string {
  return `${JSON.stringify(vocabulary, null, 2)}\n`;
}

/** Every event type a game stream may hold: the vocabulary's, as its schema lists them. */
export const EVENT_TYPES_OF_THE_VOCABULARY = Object.keys(vocabulary.definitions.EventData.properties) as EventType[];

const EVENT_TYPES: ReadonlySet<string> = new Set(EVENT_TYPES_OF_THE_VOCABULARY);

let validators: VocabularyValidators | undefined;

/** `data.players.red.deck[3]` for the instance path `/players/red/deck/3`. */
function fieldPath(name: string, instancePath: string): string {
  let path = name;
  for (const part of instancePath.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(key) ? `[${key}]` : `.${key}`;
  }
  return path;
}

/** One of ajv's errors in words; a failed choice between shapes says so rather than quoting one branch. */
function errorInWords(name: string, errors: readonly ErrorObject[]): string {
  const last = errors[errors.length - 1];
  const error = last !== undefined && (last.keyword === 'anyOf' || last.keyword === 'oneOf') ? last : errors[0];
  if (error === undefined) return `${name} is not of its type's shape`;
  const path = fieldPath(name, error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${path}.${String(params.missingProperty)} is missing`;
    case 'additionalProperties':
      return `${path}.${String(params.additionalProperty)} is not a field it may have`;
    case 'anyOf':
    case 'oneOf':
      return `${path} has none of the shapes it may take`;
    case 'enum':
      return `${path} must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'const':
      return `${path} must be ${JSON.stringify(params.allowedValue)}`;
    default:
      return `${path} ${error.message ?? 'is not of its type’s shape'}`;
  }
}

/**
 * Whether an event read back from a store or a file is an event of the vocabulary: its type is one the engine
 * emits, its data has that type's shape, its metadata the shape every stored event's has (the engine's envelope,
 * the chain's links), and all of it has a canonical JSON form. Null when it is; else why not, naming the field.
 * Every reader of stored content asks this once (at the store boundary, storedGameEvent; the audit; an import), so
 * that what it then reads, folds or hashes is what its type says.
 */
export function storedEventProblem(event: {
  type: unknown;
  data: unknown;
  metadata: unknown;
}): StoredEventProblem | null {
  const unhashable = canonicalFormProblem(event.data, 'data') ?? canonicalFormProblem(event.metadata, 'metadata');
  if (unhashable !== null) return { reason: unhashable, hashable: false };
  const { type } = event;
  if (typeof type !== 'string' || !EVENT_TYPES.has(type)) {
    return { reason: `type ${JSON.stringify(type)} is no event of the vocabulary`, hashable: true };
  }
  validators ??= vocabularyValidators();
  const data = validators.dataOf(type as EventType);
  if (!data(event.data)) return { reason: errorInWords('data', data.errors ?? []), hashable: true };
  const metadata = validators.metadata();
  if (!metadata(event.metadata)) return { reason: errorInWords('metadata', metadata.errors ?? []), hashable: true };
  return null;
}
