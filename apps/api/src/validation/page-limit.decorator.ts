import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';
import { ToWholeNumber } from './query-transforms';

/**
 * `?limit=`, the size of one page of a paged list: a whole number from 1 to `max`, converted from its text (a 0,
 * a number past `max` or a text are refused naming `limit`).
 */
export const PageLimitQuery = (max: number): PropertyDecorator =>
  // In the order stacked decorators would apply: the conversion first, then the checks.
  applyDecorators(ToWholeNumber(), IsInt(), Min(1), Max(max));
