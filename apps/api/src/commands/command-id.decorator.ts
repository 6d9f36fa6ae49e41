import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { errorBody } from '../errors/error-body';

export const IDEMPOTENCY_KEY = 'Idempotency-Key';

/**
 * Printable ASCII without spaces, like the tokens of other HTTP headers; long enough for a UUID and a prefix. It is
 * recorded twice in every event of the command (commandId, correlationId), so it is kept short: a command's events
 * must stay within one append of the store (RULES_OPTIONS.commandEventBudget).
 */
const KEY = /^[\x21-\x7e]{1,64}$/;

/** How a request's command is identified (CommandIdentity of the games layer). */
export interface RequestCommand {
  commandId: string;
  /** The client chose the id: a retry with the same key answers with the first outcome and records nothing. */
  idempotent: boolean;
}

/**
 * The id of the command a request stands for, recorded in every event it produces: the client's
 * `Idempotency-Key` if it sent one — then a retried request is answered from the first outcome — else a fresh UUID.
 */
export const CommandId = createParamDecorator((_data: unknown, context: ExecutionContext): RequestCommand => {
  const given = context.switchToHttp().getRequest<Request>().header(IDEMPOTENCY_KEY);
  if (given === undefined) return { commandId: randomUUID(), idempotent: false };
  if (!KEY.test(given)) {
    throw new BadRequestException(
      errorBody(400, [`${IDEMPOTENCY_KEY} must be 1 to 64 printable ASCII characters without spaces`]),
    );
  }
  return { commandId: given, idempotent: true };
});
