import { Transform } from 'class-transformer';

/**
 * A query string as a whole number: only digits convert, anything else stays a string for `@IsInt()` to refuse
 * by name (`Number('')` is 0 and `Number('1e3')` 1000, so a bare `Number()` would accept nonsense quietly).
 */
export const ToWholeNumber = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value,
  );

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
