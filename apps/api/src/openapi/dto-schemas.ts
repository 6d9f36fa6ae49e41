import type { OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import { CLASS_LEVEL, nestedDtoOf } from '@app/games';

type Dto = new () => object;
/** A schema of the document's components (neither package exports these two types from its entry point). */
type SchemaObject = Exclude<NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string], { $ref: string }>;
type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

/** A DTO's name in the document: `SpellDefinitionDto` → `SpellDefinition`. */
export const schemaName = (dto: Dto): string => dto.name.replace(/Dto$/, '');

const ref = (dto: Dto): SchemaObject => ({ $ref: `#/components/schemas/${schemaName(dto)}` }) as SchemaObject;

/** What one class-validator constraint says about a value, in JSON Schema words. */
function constrain(schema: SchemaObject, meta: ValidationMetadata): void {
  const [first] = (meta.constraints ?? []) as unknown[];
  switch (meta.name) {
    case 'isInt':
      schema.type = 'integer';
      return;
    case 'isNumber':
      schema.type = 'number';
      return;
    case 'isString':
      schema.type = 'string';
      return;
    case 'isBoolean':
      schema.type = 'boolean';
      return;
    case 'isObject':
      schema.type = 'object';
      return;
    case 'isArray':
      schema.type = 'array';
      return;
    case 'isIn':
      schema.enum = [...(first as unknown[])];
      return;
    case 'equals':
      schema.enum = [first];
      return;
    case 'min':
      schema.minimum = first as number;
      return;
    case 'max':
      schema.maximum = first as number;
      return;
    case 'maxLength':
      schema.maxLength = first as number;
      return;
    case 'minLength':
      schema.minLength = first as number;
      return;
    case 'isNotEmpty':
      schema.minLength = Math.max(schema.minLength ?? 0, 1);
      return;
    case 'matches':
      schema.pattern = first instanceof RegExp ? first.source : String(first);
      return;
    case 'arrayMaxSize':
      schema.maxItems = first as number;
      return;
    case 'arrayMinSize':
      schema.minItems = first as number;
      return;
    default:
      // Rules of the project's own (class rules, cross-field checks) are said in the description instead.
      return;
  }
}

/**
 * The OpenAPI schemas of a DTO and every DTO it nests, read from the same class-validator metadata that checks a
 * body (and from the field decorators' record of what they nest): the document says what the parser accepts,
 * bounds and patterns included, and cannot drift from it. Every DTO is closed (unknown fields are refused).
 */
export function dtoSchemas(root: Dto, into: Record<string, SchemaObject> = {}): Record<string, SchemaObject> {
  const name = schemaName(root);
  if (name in into) return into;
  const schema: SchemaObject = { type: 'object', properties: {}, additionalProperties: false };
  into[name] = schema;
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(root, '', true, false)) {
    byProperty.set(meta.propertyName, [...(byProperty.get(meta.propertyName) ?? []), meta]);
  }
  const required: string[] = [];
  const rules: string[] = [];
  for (const [property, metas] of byProperty) {
    if (property === CLASS_LEVEL) {
      for (const meta of metas) if (typeof meta.constraints?.[0] === 'string') rules.push(meta.constraints[0]);
      continue;
    }
    // IsOptional lets null through as well; the project's own Optional (a ValidateIf) does not.
    const nullable = metas.some((meta) => meta.type === 'isOptional');
    const optional = nullable || metas.some((meta) => meta.type === 'conditionalValidation');
    if (!optional && metas.some((meta) => meta.type === 'isDefined')) required.push(property);
    const nested = nestedDtoOf(root, property);
    let field: SchemaObject;
    if (nested === undefined) {
      field = {};
      const items: SchemaObject = {};
      for (const meta of metas) constrain(meta.each ? items : field, meta);
      if (Object.keys(items).length > 0) field = { ...field, type: 'array', items };
    } else {
      const dto = nested.dto();
      dtoSchemas(dto, into);
      field =
        nested.kind === 'object'
          ? ref(dto)
          : nested.kind === 'array'
            ? { type: 'array', items: ref(dto) }
            : { type: 'object', additionalProperties: ref(dto) };
      for (const meta of metas)
        if (meta.name === 'arrayMaxSize' || meta.name === 'arrayMinSize') constrain(field, meta);
    }
    schema.properties![property] = nullable ? { ...field, nullable: true } : field;
  }
  if (required.length > 0) schema.required = required.sort();
  if (rules.length > 0) schema.description = `Also: ${rules.join('; ')}.`;
  return into;
}
