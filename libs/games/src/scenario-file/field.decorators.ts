import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsArray, IsDefined, IsObject, ValidateBy, ValidateIf, ValidateNested } from 'class-validator';

type DtoClass = () => new () => object;

/** How a field holds another DTO: one object, a list of them, or a JSON object used as a map of them. */
export interface NestedDto {
  kind: 'object' | 'array' | 'map';
  dto: DtoClass;
}

const NESTED_DTO = Symbol('sanctum:nested-dto');

/** Remembers a field's nested DTO, for whoever describes the shape (the OpenAPI document's set-up schemas). */
const rememberNested =
  (nested: NestedDto): PropertyDecorator =>
  (target, key) =>
    Reflect.defineMetadata(NESTED_DTO, nested, target, key);

/** The nested DTO of a field declared with NestedObject, NestedArray or NestedMap. */
export function nestedDtoOf(dto: new () => object, key: string): NestedDto | undefined {
  return Reflect.getMetadata(NESTED_DTO, dto.prototype as object, key) as NestedDto | undefined;
}

/** Applies several property decorators as one (applied bottom-up, like stacked decorators). */
export function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => {
    for (const decorator of [...decorators].reverse()) decorator(target, key);
  };
}

/** A field the file must give (null is no value). Checked first, so a missing field gives one message. */
export const Required = (): PropertyDecorator =>
  IsDefined({ message: (args) => (args.value === null ? '$property must not be null' : '$property is required') });

export const REQUIRED_OR_NULL = 'requiredOrNull';

/** A field the file must give, null being a value of its own (a draw's winner). Required in the schemas too. */
export const RequiredOrNull = (): PropertyDecorator =>
  ValidateBy({
    name: REQUIRED_OR_NULL,
    validator: { validate: (value) => value !== undefined, defaultMessage: () => '$property is required' },
  });

/**
 * A field the file may leave out. Unlike class-validator's IsOptional, `null` is not accepted as "left out":
 * the engine reads `undefined` as absent, so a null would slip past here and fail later without a path.
 */
export const Optional = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);

/** A required nested object validated as `dto` (an array or a primitive in its place is reported as such). */
export function NestedObject(dto: DtoClass): PropertyDecorator {
  return compose(Required(), IsObject(), ValidateNested(), Type(dto), rememberNested({ kind: 'object', dto }));
}

/** A required list whose every element is validated as `dto`. */
export function NestedArray(dto: DtoClass): PropertyDecorator {
  return compose(
    Required(),
    IsArray(),
    ValidateNested({ each: true }),
    Type(dto),
    rememberNested({ kind: 'array', dto }),
  );
}

/**
 * A required JSON object used as a map (`spells`): class-transformer turns it into a Map (the property must be
 * typed Map), and every value is validated as `dto`; errors are reported under `<field>.<key>`.
 */
export function NestedMap(dto: DtoClass): PropertyDecorator {
  return compose(
    Required(),
    IsObject(),
    ValidateNested({ each: true }),
    Type(dto),
    rememberNested({ kind: 'map', dto }),
  );
}
