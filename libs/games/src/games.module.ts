import { EventStoreModule } from '@app/event-store';
import { type DynamicModule, Module } from '@nestjs/common';
import { GameAuditModule } from './audit/game-audit.module';
import { GameCommandService } from './commands/game-command.service';
import { RecordedCommandFinder } from './commands/recorded-command.finder';
import { DEFAULT_GAMES_OPTIONS, GAMES_OPTIONS, type GamesOptions } from './games.options';
import { GameRepository } from './loading/game-repository';
import { GameReads } from './reads/game-reads.service';
import { ViewerRedactors } from './reads/viewer-redactors';
import { GameReceipts } from './receipts/game-receipts.service';
import { TournamentLog } from './tournament-log/tournament-log.service';
import { ReceiptKeyRing } from './receipts/receipt-key-ring';
import { RECEIPT_KEYS } from './receipts/receipt-keys.token';
import { parseSigningKey, generateSigningKeyPem } from './receipts/signing-key';
import { DEFAULT_TOURNAMENT_LOG_ORIGIN } from './tournament-log/tournament-log-origin.settings';
import { TOURNAMENT_LOG_ORIGIN } from './tournament-log/tournament-log-origin.token';
import { StaleSnapshotsPruner } from './loading/stale-snapshots.pruner';
import { GarbageCollectionScheduler } from './scheduling/garbage-collection.scheduler';
import { GameTimelineService } from './time-travel/game-timeline.service';
import { TimeTravelService } from './time-travel/time-travel.service';
import { GameMovesService } from './review/game-moves.service';
import { GameStandingsService } from './review/game-standings.service';
import { MinionStoryService } from './review/minion-story.service';
import { GameNotes } from './notes/game-notes.service';
import { GameRecords } from './record/game-records.service';

/**
 * Following a game as a person does (issue #27): its moves, who is ahead, a minion's story, a judge's notes; and its
 * whole record, once published (issue #28).
 */
const REVIEW_PROVIDERS = [GameMovesService, GameStandingsService, MinionStoryService, GameNotes, GameRecords];

export type GamesModuleOptions = Pick<GamesOptions, 'store'> &
  Partial<Omit<GamesOptions, 'store'>> & {
    /** The keys receipts and heads are signed with (default: a key of this process only, as for a store in memory). */
    receiptKeys?: ReceiptKeyRing;
    /** The tournament log's origin: its checkpoints' first line and their key's name (TOURNAMENT_LOG_ORIGIN). */
    tournamentLogOrigin?: string;
  };

/**
 * The application layer: command handling, every read (GameReads), loading and snapshots, time travel, the
 * end-of-turn scheduler, receipts.
 */
@Module({})
export class GamesModule {
  static forRoot(options: GamesModuleOptions): DynamicModule {
    const { receiptKeys, tournamentLogOrigin, ...rest } = options;
    const resolved: GamesOptions = { ...DEFAULT_GAMES_OPTIONS, ...rest };
    const keys = receiptKeys ?? new ReceiptKeyRing(parseSigningKey(generateSigningKeyPem(), 'a generated key'));
    const providers = [
      { provide: GAMES_OPTIONS, useValue: resolved },
      { provide: RECEIPT_KEYS, useValue: keys },
      { provide: TOURNAMENT_LOG_ORIGIN, useValue: tournamentLogOrigin ?? DEFAULT_TOURNAMENT_LOG_ORIGIN },
      GameReceipts,
      TournamentLog,
      GameRepository,
      GameCommandService,
      RecordedCommandFinder,
      ViewerRedactors,
      GameReads,
      TimeTravelService,
      GameTimelineService,
      GarbageCollectionScheduler,
      StaleSnapshotsPruner,
      ...REVIEW_PROVIDERS,
    ];
    return {
      module: GamesModule,
      // Every module of an app reads and commands games through this one layer (the replay page's, too).
      global: true,
      imports: [EventStoreModule.forRoot(resolved.store), GameAuditModule],
      providers,
      exports: [
        GameReads,
        GameRepository,
        GameCommandService,
        TimeTravelService,
        GameTimelineService,
        GarbageCollectionScheduler,
        GAMES_OPTIONS,
        RECEIPT_KEYS,
        GameReceipts,
        TournamentLog,
        GameAuditModule,
        ...REVIEW_PROVIDERS,
      ],
    };
  }
}
