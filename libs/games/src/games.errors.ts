/** The game does not exist (404). */
export class GameNotFoundError extends Error {
  constructor(readonly gameId: string) {
    super(`game ${gameId} not found`);
    this.name = 'GameNotFoundError';
  }
}

/** A game with this id already exists (409). */
export class GameAlreadyExistsError extends Error {
  constructor(readonly gameId: string) {
    super(`game ${gameId} already exists`);
    this.name = 'GameAlreadyExistsError';
  }
}

/** Other writers kept moving the game on while a command was retried (409). Nothing was appended. */
export class ConcurrencyConflictError extends Error {
  constructor(
    readonly gameId: string,
    readonly attempts: number,
  ) {
    super(`game ${gameId} kept changing under this command; gave up after ${attempts} attempts — nothing was recorded`);
    this.name = 'ConcurrencyConflictError';
  }
}

/** A revision, turn or phase the game has not reached (404). */
export class GamePointNotFoundError extends Error {
  constructor(
    readonly gameId: string,
    message: string,
  ) {
    super(message);
    this.name = 'GamePointNotFoundError';
  }
}

/** An Idempotency-Key (command id) already names a different command in this game (409). Nothing was recorded. */
export class IdempotencyKeyReusedError extends Error {
  constructor(
    readonly gameId: string,
    readonly commandId: string,
  ) {
    super(`this Idempotency-Key already names a different command in game ${gameId}; use a new key for a new command`);
    this.name = 'IdempotencyKeyReusedError';
  }
}

/**
 * A game recorded before chain secrets: its chain hashes are not keyed, so a hash handed to anyone but the organiser
 * would let them test guesses about hidden events (409). It stays verifiable; it just gets no receipts or heads.
 */
export class UnkeyedChainError extends Error {
  constructor(readonly gameId: string) {
    super(
      `game ${gameId} was recorded before chain secrets: its hashes would tell hidden events, so it has no receipts or heads for anyone but the organiser`,
    );
    this.name = 'UnkeyedChainError';
  }
}
