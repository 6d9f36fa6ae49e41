/**
 * The whole record of a game (every event as stored: hidden orders, hands, decks, the seed and the chain secret) was
 * asked for by someone other than the organiser before the organiser published it (403).
 */
export class RecordNotPublicError extends Error {
  constructor(readonly gameId: string) {
    super(
      `the record of game ${gameId} is not public: until the organiser publishes it, once the game has ended, ` +
        'only the organiser reads it (everyone else reads the game as their view shows it)',
    );
    this.name = 'RecordNotPublicError';
  }
}
