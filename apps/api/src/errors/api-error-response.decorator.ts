import { ApiResponse } from '@nestjs/swagger';
import { ACCESS_REFUSALS } from '../viewers/access-refusals';
import { type ErrorBody, errorBody } from './error-body';
import { ErrorResponseDto } from './error.response.dto';

/** What an example says beyond its status: the message, and for a refused command the rule fields. */
export type ErrorDetails = Pick<ErrorBody, 'message'> & Partial<Pick<ErrorBody, 'rule' | 'reason' | 'field'>>;

/** The error statuses the routes declare, each with an answer the service really gives. */
const DEFAULT_DETAILS = {
  400: { message: ['from must not be less than 0'] },
  401: { message: ACCESS_REFUSALS.unknownToken },
  403: { message: ACCESS_REFUSALS.otherGamesToken('g-friday-final', 'g-3f9c0a1b2c3d4e5f') },
  404: { message: 'game g-3f9c0a1b2c3d4e5f not found' },
  409: { message: 'game g-friday-final already exists' },
  422: {
    message: 'S5: target: red already targeted "bolt" on minion b-archer this turn (order.57)',
    rule: 'S5',
    reason: 'red already targeted "bolt" on minion b-archer this turn (order.57)',
    field: 'target',
  },
  503: { message: 'the event store is unavailable; try again later (with the same Idempotency-Key, if any)' },
} satisfies Record<number, ErrorDetails>;

export type ErrorStatus = keyof typeof DEFAULT_DETAILS;

/**
 * An error answer in the OpenAPI document: the ErrorResponseDto shape with an example of that very status (the
 * shape's own property examples cannot tell one status from another), in the route's own words where given.
 */
export function ApiErrorResponse(
  status: ErrorStatus,
  description: string,
  details: ErrorDetails = DEFAULT_DETAILS[status],
): MethodDecorator & ClassDecorator {
  const { message, ...rejection } = details;
  return ApiResponse({ status, type: ErrorResponseDto, description, example: errorBody(status, message, rejection) });
}
