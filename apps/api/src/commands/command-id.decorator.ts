import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { errorBody } from '../errors/error-body';

export const IDEMPOTENCY_KEY = 'Idempotency-Key';

/** Printable ASCII without spaces, like the tokens of other HTTP headers; long enough for a UUID and a prefix. */
const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The id of the command a request stands for, recorded in every event it produces: the client's
 * `Idempotency-Key` if it sent one (for now only used as the id: a repeated key is not yet answered from the
 * first outcome), else a fresh UUID.
 */
export const CommandId = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const given = context.switchToHttp().getRequest<Request>().header(IDEMPOTENCY_KEY);
  if (given === undefined) return randomUUID();
  if (!KEY.test(given)) {
    throw new BadRequestException(
      errorBody(400, [`${IDEMPOTENCY_KEY} must be 1 to 200 printable ASCII characters without spaces`]),
    );
  }
  return given;
});
