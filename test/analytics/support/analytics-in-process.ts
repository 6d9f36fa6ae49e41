import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AnalyticsModule } from '../../../apps/analytics/src/analytics.module';
import { AnalyticsProjector } from '../../../apps/analytics/src/projector/analytics.projector';
import { AnalyticsDatabase } from '../../../apps/analytics/src/read-model/analytics.database';
import type { AnalyticsSummary } from '../../../apps/analytics/src/summary/analytics-summary';
import { readAnalyticsSummary } from '../../../apps/analytics/src/summary/analytics-summary.reader';

/** The analytics application context inside the test process, on a store file and its own database file. */
export class InProcessAnalytics {
  private constructor(readonly app: INestApplicationContext) {}

  static async start(storePath: string, databasePath: string): Promise<InProcessAnalytics> {
    const module = await AnalyticsModule.forRoot({
      ignoreEnvFile: true,
      // A short poll: the games are played by another store object on the same file, as by another process.
      store: { kind: 'sqlite', sqlitePath: storePath, pollIntervalMs: 20 },
      databasePath,
      batchSize: 100,
      batchMs: 20,
      throttleMs: 0,
      logLevel: 'silent',
    });
    return new InProcessAnalytics(await NestFactory.createApplicationContext(module, { logger: false }));
  }

  get projector(): AnalyticsProjector {
    return this.app.get(AnalyticsProjector);
  }

  get database(): AnalyticsDatabase {
    return this.app.get(AnalyticsDatabase);
  }

  summary(): AnalyticsSummary {
    return readAnalyticsSummary(this.database.db);
  }

  close(): Promise<void> {
    return this.app.close();
  }
}
