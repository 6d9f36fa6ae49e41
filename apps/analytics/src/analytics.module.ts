import { EventStore, EventStoreModule } from '@app/event-store';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { ANALYTICS_CONFIG, type AnalyticsConfig, analyticsConfigFromEnv } from './config/analytics-config';
import { AnalyticsProjector } from './projector/analytics.projector';
import { AnalyticsDatabase } from './read-model/analytics.database';
import { AnalyticsSource } from './source/analytics-source';
import { HttpAnalyticsSource } from './source/http.analytics-source';
import { StoreAnalyticsSource } from './source/store.analytics-source';

/** Settings given in code win over the environment (tests pass temporary files). */
export type AnalyticsConfigOverrides = Partial<AnalyticsConfig> & {
  /** Do not read `.env` (tests: the developer's `.env` must not change what they check). */
  ignoreEnvFile?: boolean;
};

/**
 * The analytics consumer: its source (the event store as configured for the API, or the service over HTTP with
 * `fromUrl`, which then opens no store at all), its own database, the projector.
 */
@Module({})
export class AnalyticsModule {
  /** Async because @nestjs/config loads `.env` first: the settings are read from the environment after it. */
  static async forRoot(overrides: AnalyticsConfigOverrides = {}): Promise<DynamicModule> {
    const { ignoreEnvFile, ...given } = overrides;
    const configModule = await ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile });
    const config: AnalyticsConfig = { ...analyticsConfigFromEnv(process.env), ...given };
    const { fromUrl } = config;
    const source: Provider =
      fromUrl === undefined
        ? {
            provide: AnalyticsSource,
            inject: [EventStore],
            useFactory: (store: EventStore) => new StoreAnalyticsSource(store, `the ${config.store.kind} event store`),
          }
        : { provide: AnalyticsSource, useValue: new HttpAnalyticsSource(fromUrl, config.token) };
    return {
      module: AnalyticsModule,
      imports: fromUrl === undefined ? [configModule, EventStoreModule.forRoot(config.store)] : [configModule],
      providers: [
        { provide: ANALYTICS_CONFIG, useValue: config },
        { provide: AnalyticsDatabase, useFactory: () => new AnalyticsDatabase(config.databasePath) },
        source,
        AnalyticsProjector,
      ],
      exports: [ANALYTICS_CONFIG, AnalyticsDatabase, AnalyticsProjector],
    };
  }
}
