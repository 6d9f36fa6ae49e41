import { EventStore } from '@app/event-store';
import { Injectable } from '@nestjs/common';
import type { GameAuditReport } from './game-audit.report';
import { auditStoredGame } from './stored-game.audit';

/**
 * The audit of a stored game (DESIGN.md "API", `GET /games/:id/audit`): is the hash chain intact, and does today's
 * engine, fed the game's inputs, derive exactly the stored events? Meant for organisers (roles come with issue #5).
 */
@Injectable()
export class GameAuditService {
  constructor(private readonly store: EventStore) {}

  audit(gameId: string): Promise<GameAuditReport> {
    return auditStoredGame(this.store, gameId);
  }
}
