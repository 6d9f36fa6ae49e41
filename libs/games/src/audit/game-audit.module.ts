import { Module } from '@nestjs/common';
import { EventCausationService } from './event-causation.service';
import { GameAuditService } from './game-audit.service';
import { GameForkService } from './game-fork.service';

/**
 * Audit, causation and forks. They need only the EventStore, which EventStoreModule (imported by
 * GamesModule.forRoot) provides globally; import this module next to GamesModule.forRoot.
 */
@Module({
  providers: [GameAuditService, EventCausationService, GameForkService],
  exports: [GameAuditService, EventCausationService, GameForkService],
})
export class GameAuditModule {}
