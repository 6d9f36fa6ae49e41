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
import { ConcurrencyConflictError } from '@app/games';

/** The kind of an event-store failure, as the metrics count it; undefined for anything that is not the store's. */
export function storeErrorKind(error: unknown): string | undefined {
  if (error instanceof EventStoreUnavailableError) return 'unavailable';
  if (error instanceof WrongExpectedRevisionError || error instanceof ConcurrencyConflictError) return 'conflict';
  if (error instanceof CheckpointAheadOfStoreError) return 'checkpoint_ahead';
  if (error instanceof DamagedEventError) return 'damaged';
  if (error instanceof EventStoreConfigurationError) return 'configuration';
  if (error instanceof AppendTooLargeError) return 'too_large';
  if (error instanceof StreamDeletedError) return 'deleted';
  if (error instanceof UnknownPositionError) return 'unknown_position';
  return undefined;
}
