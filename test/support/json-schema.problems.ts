import type { DtoSchema } from '@app/games';

/** A JSON Schema document whose root refers to one of its `$defs`. */
export interface SchemaDocument {
  $ref: string;
  $defs: Record<string, DtoSchema>;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function fits(value: unknown, type: string | string[]): boolean {
  const given = typeOf(value);
  return [type].flat().some((one) => one === given || (one === 'number' && given === 'integer'));
}

/**
 * Where a value breaks a schema of `document` (each problem with its path), or none. It reads only the keywords
 * the generated schemas use ($ref, type, enum, properties, required, closed objects, items, bounds, and the class
 * rules' oneOf, anyOf, allOf and not): the
 * project has no JSON Schema validator of its own, and this lets the tests hold the schema to what the parser does.
 */
export function schemaProblems(
  value: unknown,
  document: SchemaDocument,
  schema: DtoSchema = { $ref: document.$ref },
  at = '(file)',
): string[] {
  if (schema.$ref !== undefined) {
    return schemaProblems(value, document, document.$defs[schema.$ref.replace('#/$defs/', '')], at);
  }
  const fitting = (part: DtoSchema): boolean => schemaProblems(value, document, part, at).length === 0;
  const found: string[] = [];
  for (const part of schema.allOf ?? []) found.push(...schemaProblems(value, document, part, at));
  if (schema.oneOf !== undefined && schema.oneOf.filter(fitting).length !== 1) {
    found.push(`${at} fits ${schema.oneOf.filter(fitting).length} of its ${schema.oneOf.length} alternatives, not 1`);
  }
  if (schema.anyOf !== undefined && !schema.anyOf.some(fitting)) found.push(`${at} fits none of its alternatives`);
  if (schema.not !== undefined && fitting(schema.not)) found.push(`${at} fits what it must not`);
  if (schema.enum !== undefined && !schema.enum.includes(value)) return [`${at} is not one of ${schema.enum}`];
  if (schema.type !== undefined && !fits(value, schema.type)) return [`${at} is ${typeOf(value)}, not ${schema.type}`];
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) found.push(`${at} is under ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) found.push(`${at} is over ${schema.maximum}`);
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) found.push(`${at} is too short`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) found.push(`${at} is too long`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
      found.push(`${at} does not match ${schema.pattern}`);
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) found.push(`${at} has too few items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) found.push(`${at} has too many items`);
    value.forEach(
      (item, i) => schema.items && found.push(...schemaProblems(item, document, schema.items, `${at}[${i}]`)),
    );
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const path = (key: string): string => (at === '(file)' ? key : `${at}.${key}`);
    for (const key of schema.required ?? []) if (!(key in record)) found.push(`${path(key)} is missing`);
    for (const [key, item] of Object.entries(record)) {
      const known = schema.properties?.[key];
      if (known !== undefined) found.push(...schemaProblems(item, document, known, path(key)));
      else if (typeof schema.additionalProperties === 'object') {
        found.push(...schemaProblems(item, document, schema.additionalProperties, path(key)));
      } else if (schema.additionalProperties === false) found.push(`${path(key)} is not a known field`);
    }
  }
  return found;
}
