import { EventStoreModule } from '@app/event-store';
import { type DynamicModule, Module } from '@nestjs/common';
import { GameAuditModule } from './audit/game-audit.module';
import { GameCommandService } from './commands/game-command.service';
import { RecordedCommandFinder } from './commands/recorded-command.finder';
import { DEFAULT_GAMES_OPTIONS, GAMES_OPTIONS, type GamesOptions } from './games.options';
import { GameRepository } from './loading/game-repository';
import { StaleSnapshotsPruner } from './loading/stale-snapshots.pruner';
import { GarbageCollectionScheduler } from './scheduling/garbage-collection.scheduler';
import { GameTimelineService } from './time-travel/game-timeline.service';
import { TimeTravelService } from './time-travel/time-travel.service';

export type GamesModuleOptions = Pick<GamesOptions, 'store'> & Partial<Omit<GamesOptions, 'store'>>;

/** The application layer: command handling, loading and snapshots, time travel, the end-of-turn scheduler. */
@Module({})
export class GamesModule {
  static forRoot(options: GamesModuleOptions): DynamicModule {
    const resolved: GamesOptions = { ...DEFAULT_GAMES_OPTIONS, ...options };
    const providers = [
      { provide: GAMES_OPTIONS, useValue: resolved },
      GameRepository,
      GameCommandService,
      RecordedCommandFinder,
      TimeTravelService,
      GameTimelineService,
      GarbageCollectionScheduler,
      StaleSnapshotsPruner,
    ];
    return {
      module: GamesModule,
      imports: [EventStoreModule.forRoot(resolved.store), GameAuditModule],
      providers,
      exports: [
        GameRepository,
        GameCommandService,
        TimeTravelService,
        GameTimelineService,
        GarbageCollectionScheduler,
        GAMES_OPTIONS,
        GameAuditModule,
      ],
    };
  }
}
