import { EventStore, SnapshotStore } from '@app/event-store';
import { Injectable } from '@nestjs/common';
import type { GameAuditReport } from '@app/verifier';
import { auditStoredGame } from './stored-game.audit';

/**
 * The audit of a stored game (docs/design.md, `GET /games/:id/audit`): is the hash chain intact, and does today's
 * engine, fed the game's inputs, derive exactly the stored events, and is every snapshot what they fold to? For organisers.
 */
@Injectable()
export class GameAuditService {
  constructor(
    private readonly store: EventStore,
    private readonly snapshots: SnapshotStore,
  ) {}

  audit(gameId: string): Promise<GameAuditReport> {
    return auditStoredGame(this.store, gameId, this.snapshots);
  }
}
