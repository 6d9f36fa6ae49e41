import { registerDecorator, type ValidationArguments } from 'class-validator';

function given(args: ValidationArguments, property: string): boolean {
  return (args.object as Record<string, unknown>)[property] !== undefined;
}

/** A query parameter that cannot be combined with `other` (`?at=` and `?turn=` name two different points). */
export function Excludes(other: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'excludes',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown, args: ValidationArguments) => value === undefined || !given(args, other),
        defaultMessage: () => `$property cannot be combined with ${other}`,
      },
    });
}

/** A query parameter that only means something together with `other` (`?phase=` needs `?turn=`). */
export function Needs(other: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'needs',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown, args: ValidationArguments) => value === undefined || given(args, other),
        defaultMessage: () => `$property needs ${other}`,
      },
    });
}

/** A range's end that must not come before its start (`?to=` ≥ `?from=`). */
export function NotLessThan(other: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'notLessThan',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const start = (args.object as Record<string, unknown>)[other];
          return typeof value !== 'number' || typeof start !== 'number' || value >= start;
        },
        defaultMessage: () => `$property must not be less than ${other}`,
      },
    });
}
