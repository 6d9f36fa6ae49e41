import type { EventStore } from '@app/event-store';
import { GameNotFoundError } from '../games.errors';
import { gameStream } from '../game-stream';
import { toEventLine } from '../recording/game-event-line';
import { GameAuditor } from './game-auditor';
import type { GameAuditReport } from './game-audit.report';

/** Events per read while auditing: a long game is never held whole. */
export const AUDIT_PAGE_SIZE = 5000;

/** Audits a game as stored, reading its stream page by page. Only reads: usable on a store others write to. */
export async function auditStoredGame(store: EventStore, gameId: string): Promise<GameAuditReport> {
  if ((await store.streamRevision(gameStream(gameId))) === null) throw new GameNotFoundError(gameId);
  const auditor = new GameAuditor(gameId);
  for await (const page of store.readStreamPages(gameStream(gameId), { pageSize: AUDIT_PAGE_SIZE })) {
    for (const event of page) auditor.push(toEventLine(event));
  }
  return auditor.report();
}
