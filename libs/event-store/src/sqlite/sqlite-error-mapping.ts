import { EventStoreUnavailableError } from '../errors/event-store-unavailable.error';

/** SQLite result codes that mean "the store cannot be used right now" rather than "you called it wrongly". */
const UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|CORRUPT|NOTADB|PROTOCOL)/;

export function sqliteErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = sqliteErrorCode(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Another connection holds the lock this statement needed, and nothing was written: a transaction that fails so is
 * rolled back whole (better-sqlite3 does it), so it may be tried again.
 */
export function isBusy(error: unknown): boolean {
  return sqliteErrorCode(error)?.startsWith('SQLITE_BUSY') ?? false;
}

/** Maps driver errors to the port's errors; anything else (a bug) is rethrown unchanged. */
export function mapSqliteError(error: unknown): unknown {
  if (error instanceof EventStoreUnavailableError) return error;
  const code = sqliteErrorCode(error);
  if (code && UNAVAILABLE_CODES.test(code)) {
    return new EventStoreUnavailableError(`sqlite ${code}: ${(error as Error).message}`, { cause: error });
  }
  if (error instanceof TypeError && /database connection is not open/i.test(error.message)) {
    return new EventStoreUnavailableError('the sqlite store is closed', { cause: error });
  }
  return error;
}
