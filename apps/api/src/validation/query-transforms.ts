import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';

/**
 * A query string as a whole number: only digits convert, anything else stays a string for `@IsInt()` to refuse
 * by name (`Number('')` is 0 and `Number('1e3')` 1000, so a bare `Number()` would accept nonsense quietly).
 */
export const ToWholeNumber = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value,
  );

/** A query parameter that is a revision, a position or a size: a whole number from 0, converted from its text. */
export const WholeNumberQuery = (): PropertyDecorator =>
  // In the order stacked decorators would apply: the conversion first, then the checks.
  applyDecorators(ToWholeNumber(), IsInt(), Min(0));

/** `?types=A,B` (or `?types=A&types=B`) as a list of names; blanks are dropped. */
export const ToList = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    const parts = Array.isArray(value) ? value : [value];
    if (!parts.every((part) => typeof part === 'string')) return value;
    return (parts as string[])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== '');
  });
