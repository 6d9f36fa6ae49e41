import { registerDecorator } from 'class-validator';

/**
 * class-validator has no class-level constraints, so these register on the property name '' (which no JSON
 * field of a DTO uses): the validator sees the whole object and the problem is reported at the object's own path.
 */
export const CLASS_LEVEL = '';

/** The keys of `object` among `keys` that hold a value (class instances may carry undefined own fields). */
export function givenKeys(object: object, keys: readonly string[]): string[] {
  return keys.filter((key) => (object as Record<string, unknown>)[key] !== undefined);
}

/** The same rule in JSON Schema's words (`oneOf`, `not`… of `required` lists), where it can be said in them. */
export type ClassRuleSchema = Record<string, unknown>;

/**
 * A constraint on a whole object; `message` is appended to the object's path. `rule` says it in general terms and
 * `schema` in JSON Schema's (both kept as the constraint, for the schemas that describe the shape).
 */
export function ClassRule(
  name: string,
  isValid: (object: Record<string, unknown>) => boolean,
  message: (object: Record<string, unknown>) => string,
  rule?: string,
  schema?: ClassRuleSchema,
): ClassDecorator {
  return (target) => {
    registerDecorator({
      name,
      target,
      propertyName: CLASS_LEVEL,
      constraints: rule === undefined ? [] : schema === undefined ? [rule] : [rule, schema],
      validator: {
        validate: (_value, args) => isValid(args?.object as Record<string, unknown>),
        defaultMessage: (args) => message(args?.object as Record<string, unknown>),
      },
    });
  };
}

function found(object: object, keys: readonly string[]): string {
  const given = givenKeys(object, keys);
  return given.length === 0 ? 'none' : given.join(', ');
}

/** One-key objects of docs/design.md (actions, entity refs, orders): exactly one of `keys` must be given. */
export function ExactlyOneOf(keys: readonly string[]): ClassDecorator {
  return ClassRule(
    'exactlyOneOf',
    (object) => givenKeys(object, keys).length === 1,
    (object) => `must have exactly one of ${keys.join(', ')} (found: ${found(object, keys)})`,
    `exactly one of ${keys.join(', ')}`,
    { oneOf: keys.map((key) => ({ required: [key] })) },
  );
}

/** Alternatives that exclude each other but may all be left out (`heal {amount|full}`). */
export function AtMostOneOf(keys: readonly string[]): ClassDecorator {
  return ClassRule(
    'atMostOneOf',
    (object) => givenKeys(object, keys).length <= 1,
    (object) => `must have at most one of ${keys.join(', ')} (found: ${found(object, keys)})`,
    `at most one of ${keys.join(', ')}`,
    { not: { anyOf: keys.flatMap((key, i) => keys.slice(i + 1).map((other) => ({ required: [key, other] }))) } },
  );
}

/**
 * A parameter object that takes no fields (`{"cancelDamage": {}}`). It always passes: forbidNonWhitelisted
 * reports any field given. It exists because a class with no validation metadata at all is refused by
 * class-validator as "an unknown value" (forbidUnknownValues).
 */
export function TakesNoParameters(): ClassDecorator {
  return ClassRule(
    'takesNoParameters',
    () => true,
    () => 'takes no parameters',
  );
}
