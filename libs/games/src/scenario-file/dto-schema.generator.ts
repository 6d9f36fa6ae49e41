import { getMetadataStorage } from 'class-validator';
import { CLASS_LEVEL } from './class-rules.decorators';
import { REQUIRED_OR_NULL, nestedDtoOf } from './field.decorators';

type Dto = new () => object;
type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

/** The part of JSON Schema (and of OpenAPI 3.0's dialect of it) that the DTOs' constraints translate to. */
export interface DtoSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  description?: string;
  enum?: unknown[];
  properties?: Record<string, DtoSchema>;
  additionalProperties?: boolean | DtoSchema;
  required?: string[];
  items?: DtoSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  oneOf?: DtoSchema[];
  anyOf?: DtoSchema[];
  allOf?: DtoSchema[];
  not?: DtoSchema;
}

/** Where the schemas are filed, and how the dialect says "or null". */
export interface SchemaDialect {
  /** The prefix a schema's name is referred to by: `#/components/schemas/` (OpenAPI), `#/$defs/` (JSON Schema). */
  refPrefix: string;
  orNull: (schema: DtoSchema) => DtoSchema;
  /** Whether a class rule that JSON Schema can say is written out (the OpenAPI document says them in words only). */
  classRuleSchemas: boolean;
}

/** OpenAPI 3.0: a schema's `nullable` flag. */
export const OPENAPI_DIALECT: SchemaDialect = {
  refPrefix: '#/components/schemas/',
  orNull: (schema) => ({ ...schema, nullable: true }),
  classRuleSchemas: false,
};

/** JSON Schema (draft 2020-12): `null` is one more type. */
export const JSON_SCHEMA_DIALECT: SchemaDialect = {
  refPrefix: '#/$defs/',
  orNull: (schema) => (typeof schema.type === 'string' ? { ...schema, type: [schema.type, 'null'] } : schema),
  classRuleSchemas: true,
};

/** A DTO's name among the schemas: `SpellDefinitionDto` → `SpellDefinition`. */
export const schemaName = (dto: Dto): string => dto.name.replace(/Dto$/, '');

/** The JSON type a class-validator type check demands. */
const TYPE_OF_CHECK = new Map<string, string>([
  ['isInt', 'integer'],
  ['isNumber', 'number'],
  ['isString', 'string'],
  ['isBoolean', 'boolean'],
  ['isObject', 'object'],
  ['isArray', 'array'],
]);

type BoundKeyword = 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems';

/** The JSON Schema keyword of a class-validator bound that takes one number. */
const KEYWORD_OF_BOUND = new Map<string, BoundKeyword>([
  ['min', 'minimum'],
  ['max', 'maximum'],
  ['minLength', 'minLength'],
  ['maxLength', 'maxLength'],
  ['arrayMinSize', 'minItems'],
  ['arrayMaxSize', 'maxItems'],
]);

/** What one class-validator constraint says about a value, in JSON Schema words. */
function constrain(schema: DtoSchema, meta: ValidationMetadata): void {
  const [first] = (meta.constraints ?? []) as unknown[];
  const name = meta.name ?? '';
  const type = TYPE_OF_CHECK.get(name);
  if (type !== undefined) {
    schema.type = type;
    return;
  }
  const bound = KEYWORD_OF_BOUND.get(name);
  if (bound !== undefined) {
    schema[bound] = first as number;
    return;
  }
  switch (name) {
    case 'isIn':
      schema.enum = [...(first as unknown[])];
      return;
    case 'equals':
      schema.enum = [first];
      return;
    case 'isNotEmpty':
      schema.minLength = Math.max(schema.minLength ?? 0, 1);
      return;
    case 'matches':
      schema.pattern = first instanceof RegExp ? first.source : String(first);
      return;
    default:
      // Rules of the project's own (class rules, cross-field checks) are said in the description instead.
      return;
  }
}

/**
 * Whether validation demands a value the object leaves out: an IsDefined field whose ValidateIf (if any) still
 * validates when the value is absent. The project's Optional is a ValidateIf that skips an absent value; the
 * set-up's `name` skips it unless its DTO says a name is required (a scenario file's).
 */
function isRequired(dto: Dto, metas: readonly ValidationMetadata[]): boolean {
  if (metas.some((meta) => meta.name === REQUIRED_OR_NULL)) return true;
  if (!metas.some((meta) => meta.type === 'isDefined')) return false;
  if (metas.some((meta) => meta.name === 'isOptional')) return false;
  const blank = new dto();
  return metas
    .filter((meta) => meta.type === 'conditionalValidation')
    .every((meta) => (meta.constraints[0] as (object: object, value: unknown) => boolean)(blank, undefined));
}

/**
 * The schemas of a DTO and every DTO it nests, read from the same class-validator metadata that checks a body or
 * a file (and from the field decorators' record of what they nest): a schema says what the parser accepts, bounds
 * and patterns included, and cannot drift from it. Every DTO is closed (unknown fields are refused). The OpenAPI
 * document and the scenario file's JSON Schema are both made by this function, each in its dialect.
 */
export function dtoSchemas(
  root: Dto,
  dialect: SchemaDialect,
  into: Record<string, DtoSchema> = {},
): Record<string, DtoSchema> {
  const name = schemaName(root);
  if (name in into) return into;
  const ref = (dto: Dto): DtoSchema => ({ $ref: `${dialect.refPrefix}${schemaName(dto)}` });
  const schema: DtoSchema = { type: 'object', properties: {}, additionalProperties: false };
  into[name] = schema;
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(root, '', true, false)) {
    byProperty.set(meta.propertyName, [...(byProperty.get(meta.propertyName) ?? []), meta]);
  }
  const required: string[] = [];
  const rules: string[] = [];
  const ruleSchemas: DtoSchema[] = [];
  for (const [property, metas] of byProperty) {
    if (property === CLASS_LEVEL) {
      for (const meta of metas) {
        const [rule, ruleSchema] = (meta.constraints ?? []) as unknown[];
        if (typeof rule === 'string') rules.push(rule);
        if (dialect.classRuleSchemas && ruleSchema !== undefined) ruleSchemas.push(ruleSchema as DtoSchema);
      }
      continue;
    }
    // IsOptional (a ValidateIf by that name) lets null through as well; the project's own Optional does not.
    const nullable = metas.some((meta) => meta.name === 'isOptional');
    if (isRequired(root, metas)) required.push(property);
    const nested = nestedDtoOf(root, property);
    let field: DtoSchema;
    if (nested === undefined) {
      field = {};
      const items: DtoSchema = {};
      for (const meta of metas) constrain(meta.each ? items : field, meta);
      if (Object.keys(items).length > 0) field = { ...field, type: 'array', items };
    } else {
      const dto = nested.dto();
      dtoSchemas(dto, dialect, into);
      field =
        nested.kind === 'object'
          ? ref(dto)
          : nested.kind === 'array'
            ? { type: 'array', items: ref(dto) }
            : { type: 'object', additionalProperties: ref(dto) };
      for (const meta of metas)
        if (meta.name === 'arrayMaxSize' || meta.name === 'arrayMinSize') constrain(field, meta);
    }
    schema.properties![property] = nullable ? dialect.orNull(field) : field;
  }
  if (required.length > 0) schema.required = required.sort();
  if (rules.length > 0) schema.description = `Also: ${rules.join('; ')}.`;
  if (ruleSchemas.length === 1) Object.assign(schema, ruleSchemas[0]);
  if (ruleSchemas.length > 1) schema.allOf = ruleSchemas;
  return into;
}
