import { requestLogLevel } from './logging/request-log.level';
import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { ConfigModule, registerAs } from '@nestjs/config';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import { GamesModule, resolveReceiptKeyRing } from '@app/games';
import { API_CONFIG, API_CONFIG_NAMESPACE, type ApiConfig, apiConfigFromEnv } from './config/api-config';
import {
  VIEWER_SECRETS,
  assertSecretsSharedByInstances,
  resolveViewerSecrets,
  secretsFileFor,
} from './config/viewer-secrets';
import { EventCausationHttpController } from './audit/event-causation.http.controller';
import { GameAuditHttpController } from './audit/game-audit.http.controller';
import { GameErrorsFilter } from './errors/game-errors.filter';
import { prettyLogStream } from './logging/pretty-log.stream';
import { GameForkHttpController } from './fork/game-fork.http.controller';
import { GameEventsHttpController } from './events/game-events.http.controller';
import { GlobalEventsHttpController } from './events/global-events.http.controller';
import { COMMAND_BODY_BOUNDS, SET_UP_BODY_BOUNDS } from './http/json-body.bounds';
import { CompressedResponsesMiddleware } from './http/compressed-responses.middleware';
import { JsonBodyMiddleware } from './http/json-body.middleware';
import { GamesHttpController } from './games/games.http.controller';
import { SetUpChecker } from './games/set-up-checker.service';
import { HealthHttpController } from './health/health.http.controller';
import { ShutdownHealthIndicator } from './health/shutdown.health-indicator';
import { HomeHttpController } from './home/home.http.controller';
import { StoreHealthIndicator } from './health/store.health-indicator';
import { AcceptingWorkGuard } from './lifecycle/accepting-work.guard';
import { RequestDrain } from './lifecycle/request-drain.service';
import { GameRecordHttpController } from './record/game-record.http.controller';
import { ReplayModule } from './replay/replay.module';
import { REVIEW_CONTROLLERS } from './review/review.controllers';
import { VerifyPageModule } from './verify/verify-page.module';
import { GameReceiptsHttpController } from './receipts/game-receipts.http.controller';
import { SigningKeysHttpController } from './receipts/signing-keys.http.controller';
import { TournamentLogHttpController } from './tournament-log/tournament-log.http.controller';
import { OrdersHttpController } from './orders/orders.http.controller';
import { RulesHttpController } from './rules/rules.http.controller';
import { SchemasHttpController } from './schemas/schemas.http.controller';
import { GameStateHttpController } from './state/game-state.http.controller';
import { GameTimelineHttpController } from './timeline/game-timeline.http.controller';
import { EventStreamsSseController } from './streams/event-streams.sse.controller';
import { EventStreamsService } from './streams/event-streams.service';
import { StreamBudget } from './streams/stream-budget';
import { createValidationPipe } from './validation/validation.pipe';
import { MetricsHttpController } from './metrics/metrics.http.controller';
import { MetricsPortServer } from './metrics/metrics-port.server';
import { ServiceMetrics } from './metrics/service-metrics';
import { GameViewerHttpController } from './viewers/game-viewer.http.controller';
import { redactTokenInUrl } from './viewers/token-in-url';
import { ViewerGuard } from './viewers/viewer.guard';
import { ViewerTokens } from './viewers/viewer-tokens.service';

/** Settings given in code win over the environment (tests pass a temporary SQLite file, the scheduler off…). */
export type ApiConfigOverrides = Partial<ApiConfig> & {
  /** Do not read `.env` (tests: the developer's `.env` must not change what they check). */
  ignoreEnvFile?: boolean;
};

/** JSON lines go to pino's own stdout destination; human lines through the pretty stream (LOG_FORMAT). */
function withLogFormat(config: ApiConfig, options: Options): Options | [Options, DestinationStream] {
  return config.logFormat === 'pretty' ? [options, prettyLogStream(process.stdout, config.logLevel)] : options;
}

/** The HTTP service (docs/design.md): controllers over the games application layer. */
@Module({})
export class AppModule implements NestModule {
  /** Async because @nestjs/config loads `.env` first: the store options are read from the environment after it. */
  static async forRoot(overrides: ApiConfigOverrides = {}): Promise<DynamicModule> {
    const { ignoreEnvFile, ...given } = overrides;
    const configModule = await ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile });
    const config: ApiConfig = { ...apiConfigFromEnv(process.env), ...given };
    // Read (or made, at the first start) before anything is served: every request's viewer depends on them.
    const configured = { organiserToken: config.organiserToken, serverSecret: config.serverSecret };
    assertSecretsSharedByInstances(config.store, configured, config.receiptKeys);
    const secretsFile = secretsFileFor(config.store);
    const secrets = resolveViewerSecrets(configured, secretsFile);
    const receiptKeys = resolveReceiptKeyRing(config.receiptKeys, secretsFile);
    return {
      module: AppModule,
      imports: [
        configModule,
        ConfigModule.forFeature(registerAs(API_CONFIG_NAMESPACE, () => config)),
        LoggerModule.forRoot({
          pinoHttp: withLogFormat(config, {
            level: config.logLevel,
            // Tokens must never reach the logs: the header, and `?token=` of the event streams (in the URL too).
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.token'],
            serializers: { req: (request: { url?: string }) => ({ ...request, url: redactTokenInUrl(request.url) }) },
            // A caller's own request id is kept (to follow a request across services), if it looks like one.
            genReqId: (request, response) => {
              const given = request.headers['x-request-id'];
              const id = typeof given === 'string' && /^[\x21-\x7e]{1,200}$/.test(given) ? given : randomUUID();
              response.setHeader('X-Request-Id', id);
              return id;
            },
            customLogLevel: requestLogLevel,
          }),
        }),
        GamesModule.forRoot({
          store: config.store,
          runScheduler: config.gcScheduler,
          receiptKeys,
          tournamentLogOrigin: config.tournamentLogOrigin,
        }),
        TerminusModule.forRoot({ errorLogStyle: 'json' }),
        ReplayModule,
        VerifyPageModule,
      ],
      controllers: [
        GamesHttpController,
        OrdersHttpController,
        GameStateHttpController,
        GameTimelineHttpController,
        GameEventsHttpController,
        GameViewerHttpController,
        GameAuditHttpController,
        EventCausationHttpController,
        GameForkHttpController,
        GameReceiptsHttpController,
        GameRecordHttpController,
        SigningKeysHttpController,
        TournamentLogHttpController,
        EventStreamsSseController,
        GlobalEventsHttpController,
        HealthHttpController,
        RulesHttpController,
        SchemasHttpController,
        HomeHttpController,
        MetricsHttpController,
        ...REVIEW_CONTROLLERS,
      ],
      providers: [
        { provide: API_CONFIG, useValue: config },
        { provide: VIEWER_SECRETS, useValue: secrets },
        // Before any other guard: who is asking is known (or refused) before anything else is looked at.
        { provide: APP_GUARD, useClass: ViewerGuard },
        ViewerTokens,
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: GameErrorsFilter },
        RequestDrain,
        AcceptingWorkGuard,
        SetUpChecker,
        EventStreamsService,
        StreamBudget,
        StoreHealthIndicator,
        ShutdownHealthIndicator,
        ServiceMetrics,
        MetricsPortServer,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // A set-up is the one large body; every other route takes a few fields, and is bounded to what they need.
    const createGame = { path: 'games', method: RequestMethod.POST };
    consumer.apply(JsonBodyMiddleware(SET_UP_BODY_BOUNDS)).forRoutes(createGame);
    consumer.apply(JsonBodyMiddleware(COMMAND_BODY_BOUNDS)).exclude(createGame).forRoutes('{*path}');
    consumer.apply(CompressedResponsesMiddleware).forRoutes('{*path}');
  }
}
