import {
  BadRequestException,
  ConflictException,
  InternalServerErrorException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  CheckpointAheadOfStoreError,
  DamagedEventError,
  EventStoreUnavailableError,
  UnknownPositionError,
} from '@app/event-store';
import { damagedEventAnswer } from './damaged-event.answer';

/**
 * A store failure inside an open event stream (a position it cannot resume after, a damaged stored event of the
 * game streamed) as an HTTP error: Nest then
 * sends its message as a final `event: error` (other errors are sent as "Internal server error"), and the client
 * reconnects later. A checkpoint past what the store holds now (events lost in a failover) is a 409 saying so.
 */
export function streamErrorAsHttp(error: unknown): unknown {
  if (error instanceof EventStoreUnavailableError) {
    return new ServiceUnavailableException('the event store is unavailable; reconnect later');
  }
  if (error instanceof CheckpointAheadOfStoreError) return new ConflictException(error.message);
  if (error instanceof DamagedEventError) return new InternalServerErrorException(damagedEventAnswer(error));
  return error instanceof UnknownPositionError ? new BadRequestException(error.message) : error;
}
