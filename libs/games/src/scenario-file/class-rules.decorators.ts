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

/**
 * A constraint on a whole object; `message` is appended to the object's path. `rule` says it in general terms
 * (kept as the constraint, for the OpenAPI document's description of the shape).
 */
export function ClassRule(
  name: string,
  isValid: (object: Record<string, unknown>) => boolean,
  message: (object: Record<string, unknown>) => string,
  rule?: string,
): ClassDecorator {
  return (target) => {
    registerDecorator({
      name,
      target,
      propertyName: CLASS_LEVEL,
      constraints: rule === undefined ? [] : [rule],
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

/** One-key objects of DESIGN.md (actions, entity refs, orders): exactly one of `keys` must be given. */
export function ExactlyOneOf(keys: readonly string[]): ClassDecorator {
  return ClassRule(
    'exactlyOneOf',
    (object) => givenKeys(object, keys).length === 1,
    (object) => `must have exactly one of ${keys.join(', ')} (found: ${found(object, keys)})`,
    `exactly one of ${keys.join(', ')}`,
  );
}

/** Alternatives that exclude each other but may all be left out (`heal {amount|full}`). */
export function AtMostOneOf(keys: readonly string[]): ClassDecorator {
  return ClassRule(
    'atMostOneOf',
    (object) => givenKeys(object, keys).length <= 1,
    (object) => `must have at most one of ${keys.join(', ')} (found: ${found(object, keys)})`,
    `at most one of ${keys.join(', ')}`,
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
