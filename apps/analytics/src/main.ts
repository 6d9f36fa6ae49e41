import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ANALYTICS_USAGE, type AnalyticsArgs, parseAnalyticsArgs } from './config/analytics-args';
import { analyticsConfigFromEnv } from './config/analytics-config';
import { AnalyticsLogger } from './config/analytics.logger';
import { AnalyticsModule } from './analytics.module';
import { AnalyticsProjector } from './projector/analytics.projector';
import { AnalyticsDatabase } from './read-model/analytics.database';
import { readAnalyticsSummary } from './summary/analytics-summary.reader';

/**
 * `npm run analytics [-- --once] [--from-url URL]`: the example analytics consumer, a Nest application context
 * (it serves nothing; with `--from-url` it is an HTTP client of the service). It ends with the read models as
 * JSON on stdout, after `--once` has caught up or after SIGINT/SIGTERM.
 */
async function main(): Promise<void> {
  let args: AnalyticsArgs;
  try {
    args = parseAnalyticsArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`analytics: ${(error as Error).message}\n${ANALYTICS_USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (args.help) {
    process.stdout.write(ANALYTICS_USAGE);
    return;
  }
  const module = await AnalyticsModule.forRoot(args.fromUrl === undefined ? {} : { fromUrl: args.fromUrl });
  // The logger is needed before the context exists; forRoot has loaded `.env`, so this reads the same values.
  const { logLevel } = analyticsConfigFromEnv();
  const app = await NestFactory.createApplicationContext(module, {
    logger: new AnalyticsLogger(logLevel),
    abortOnError: false,
  });
  const projector = app.get(AnalyticsProjector);
  // The first signal stops cleanly (the batch in hand is written, the summary printed); a second one is Node's.
  const stop = (): void => void projector.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    if (args.once) await projector.catchUp();
    else await projector.follow();
    process.stdout.write(`${JSON.stringify(readAnalyticsSummary(app.get(AnalyticsDatabase).db), null, 2)}\n`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`analytics: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
