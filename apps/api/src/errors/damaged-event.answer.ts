import type { DamagedEventError } from '@app/event-store';
import { gameIdOfStream } from '@app/games';

/**
 * What a caller is told of a stored event damaged outside the service: which game (or stream) and which revision.
 * Why stays in the log and the organiser's audit: a reason may quote stored content a caller may not see.
 */
export function damagedEventAnswer(error: DamagedEventError): string {
  const game = gameIdOfStream(error.stream);
  const what = game === null ? `the stream ${error.stream}` : `game ${game}`;
  const where = game === null ? 'the service log' : 'GET …/audit';
  return (
    `${what} cannot be read: its stored event ${error.revision} is damaged; nothing was recorded, and an ` +
    `organiser must restore that event (${where} names it and why)`
  );
}
