import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { errorBody } from '../errors/error-body';

/**
 * The `:revision` of a path as a whole number (one the game has not reached is a 404, decided by the service).
 * A parameter decorator rather than a pipe: the global ValidationPipe would turn `abc` into NaN before a pipe saw
 * it, and the message should quote what was sent.
 */
export const RevisionParam = createParamDecorator((_data: unknown, context: ExecutionContext): number => {
  const value = String(context.switchToHttp().getRequest<Request>().params.revision);
  if (!/^\d{1,15}$/.test(value)) {
    throw new BadRequestException(errorBody(400, [`revision must be a whole number, not "${value}"`]));
  }
  return Number(value);
});
