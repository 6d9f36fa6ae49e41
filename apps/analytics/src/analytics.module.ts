import { EventStoreModule } from '@app/event-store';
import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { ANALYTICS_CONFIG, type AnalyticsConfig, analyticsConfigFromEnv } from './config/analytics-config';
import { AnalyticsProjector } from './projector/analytics.projector';
import { AnalyticsDatabase } from './read-model/analytics.database';

/** Settings given in code win over the environment (tests pass temporary files). */
export type AnalyticsConfigOverrides = Partial<AnalyticsConfig> & {
  /** Do not read `.env` (tests: the developer's `.env` must not change what they check). */
  ignoreEnvFile?: boolean;
};

/** The analytics consumer: the event store (as configured for the API), its own database, the projector. */
@Module({})
export class AnalyticsModule {
  /** Async because @nestjs/config loads `.env` first: the settings are read from the environment after it. */
  static async forRoot(overrides: AnalyticsConfigOverrides = {}): Promise<DynamicModule> {
    const { ignoreEnvFile, ...given } = overrides;
    const configModule = await ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile });
    const config: AnalyticsConfig = { ...analyticsConfigFromEnv(process.env), ...given };
    return {
      module: AnalyticsModule,
      imports: [configModule, EventStoreModule.forRoot(config.store)],
      providers: [
        { provide: ANALYTICS_CONFIG, useValue: config },
        { provide: AnalyticsDatabase, useFactory: () => new AnalyticsDatabase(config.databasePath) },
        AnalyticsProjector,
      ],
      exports: [ANALYTICS_CONFIG, AnalyticsDatabase, AnalyticsProjector],
    };
  }
}
