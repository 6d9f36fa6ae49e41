import { ConfigService } from '@nestjs/config';
import { describeStore, type ApiConfig } from './config/api-config';
import { createApp } from './create-app';

/** `npm start`: the HTTP service on the configured store (default: the embedded SQLite file). */
async function main(): Promise<void> {
  const app = await createApp();
  // SIGTERM/SIGINT run the shutdown hooks: streams end, in-flight appends finish, then the store closes.
  app.enableShutdownHooks();
  const config = app.get(ConfigService).getOrThrow<ApiConfig>('api');
  await app.listen(config.port);
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost');
  process.stdout.write(`Sanctum Chronicle API on ${url} (docs ${url}/docs), store: ${describeStore(config.store)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `cannot start the API: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
