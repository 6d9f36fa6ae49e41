import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger, Optional } from '@nestjs/common';
import type { Response } from 'express';
import {
  AppendTooLargeError,
  CheckpointAheadOfStoreError,
  DamagedEventError,
  EventStoreConfigurationError,
  EventStoreUnavailableError,
  StreamDeletedError,
  UnknownPositionError,
  WrongExpectedRevisionError,
} from '@app/event-store';
import {
  CommandOutcomeError,
  ConcurrencyConflictError,
  IdempotencyKeyReusedError,
  GameAlreadyExistsError,
  GameNotFoundError,
  GamePointNotFoundError,
  LogPointNotFoundError,
  RecordNotPublicError,
  UnkeyedChainError,
  ScenarioFileInvalid,
} from '@app/games';
import { CommandRejected, type RejectionKind } from '@app/rules';
import { type ErrorBody, errorBody } from './error-body';
import { ServiceMetrics } from '../metrics/service-metrics';
import { storeErrorKind } from './store-error-kind';
import { damagedEventAnswer } from './damaged-event.answer';

/** How a refusal of the rules engine reads over HTTP (the table). */
const REJECTION_STATUS: Record<RejectionKind, number> = {
  invalid: 400,
  'not-found': 404,
  phase: 409,
  rule: 422,
};

/**
 * The one place where errors become HTTP answers, so every endpoint speaks the same way: malformed input 400
 * (naming the field), rule refusal 422 (with the rule id and reason), wrong phase or a conflict that survived
 * the retries 409, unknown game or point 404, store down 503; the store's own refusals: an unknown position 400,
 * a deleted stream 410, an append larger than the store takes 413, a store set up wrongly 500 (explained in the
 * log); a recorded command whose events lack one it always records 500, saying so. Anything else is a bug: 500,
 * logged with its stack, and its message is not shown to the client.
 */
@Catch()
export class GameErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger(GameErrorsFilter.name);

  constructor(@Optional() private readonly metrics?: ServiceMetrics) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const storeKind = storeErrorKind(exception);
    if (storeKind !== undefined) this.metrics?.storeError(storeKind);
    const response = host.switchToHttp().getResponse<Response>();
    const [status, body] =
      exception instanceof HttpException ? this.fromHttpException(exception) : this.toBody(exception);
    if (response.headersSent) {
      // A stream already under way: the status is gone, so the connection is simply ended.
      response.end();
      return;
    }
    // Every 503 is for a while (a lock, a store restarting, a shutdown): a client is told when to try again.
    if (status === 503 && response.getHeader('Retry-After') === undefined) response.setHeader('Retry-After', '1');
    response.status(status).json(body);
  }

  private toBody(exception: unknown): [number, ErrorBody] {
    const body = this.bodyOf(exception);
    return [body.statusCode, body];
  }

  private bodyOf(exception: unknown): ErrorBody {
    if (exception instanceof CommandRejected) {
      const { kind, rule, reason, field } = exception;
      return errorBody(REJECTION_STATUS[kind], exception.message, { rule, reason, field });
    }
    if (exception instanceof ScenarioFileInvalid) return errorBody(400, [...exception.problems]);
    if (exception instanceof RecordNotPublicError) return errorBody(403, exception.message);
    if (
      exception instanceof GameNotFoundError ||
      exception instanceof GamePointNotFoundError ||
      exception instanceof LogPointNotFoundError
    ) {
      return errorBody(404, exception.message);
    }
    if (
      exception instanceof GameAlreadyExistsError ||
      exception instanceof ConcurrencyConflictError ||
      exception instanceof UnkeyedChainError ||
      exception instanceof IdempotencyKeyReusedError
    ) {
      return errorBody(409, exception.message);
    }
    if (exception instanceof WrongExpectedRevisionError) {
      // The games layer retries these and reports ConcurrencyConflictError; one reaching here still means 409.
      return errorBody(409, 'the game changed while this request was handled; nothing was recorded');
    }
    if (exception instanceof EventStoreUnavailableError) {
      this.logger.warn(exception.message);
      // A connection lost while its commit was under way leaves the outcome unknown: the key makes the retry safe.
      return errorBody(503, 'the event store is unavailable; try again later (with the same Idempotency-Key, if any)');
    }
    if (exception instanceof UnknownPositionError) return errorBody(400, exception.message);
    if (exception instanceof CheckpointAheadOfStoreError) {
      this.logger.warn(exception.message);
      return errorBody(409, exception.message);
    }
    if (exception instanceof StreamDeletedError) {
      return errorBody(410, `${exception.message}; nothing was recorded`);
    }
    if (exception instanceof AppendTooLargeError) {
      this.logger.warn(exception.message);
      return errorBody(413, `${exception.message}; nothing was recorded`);
    }
    if (exception instanceof DamagedEventError) {
      this.logger.error(exception.message);
      return errorBody(500, damagedEventAnswer(exception), { damagedRevision: exception.revision });
    }
    if (exception instanceof CommandOutcomeError) {
      // Its events are stored: a retry of a command whose record lost an event, or an engine that broke its rules.
      this.logger.error(exception.message);
      return errorBody(
        500,
        `${exception.message}: the command is recorded, but what it did cannot be read from its record; an ` +
          `organiser's GET /games/${exception.gameId}/audit checks that record`,
      );
    }
    if (exception instanceof EventStoreConfigurationError) {
      this.logger.error(exception.message);
      return errorBody(500, 'the event store refused this service (see the service log); nothing was recorded');
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return errorBody(500, 'internal server error');
  }

  /** Nest's own exceptions (validation, 404 route, terminus' 503) keep their body; a bare message gets the shape. */
  private fromHttpException(exception: HttpException): [number, object] {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null) return [status, response];
    return [status, errorBody(status, typeof response === 'string' ? response : exception.message)];
  }
}
