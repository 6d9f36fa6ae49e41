// First of all: tracing (when asked for) must wrap the HTTP modules before anything loads them.
import { startTracing } from './tracing/tracing.setup';
const flushTraces = startTracing();
import { ConfigService } from '@nestjs/config';
import { describeStore, type ApiConfig } from './config/api-config';
import { type ResolvedViewerSecrets, VIEWER_SECRETS } from './config/viewer-secrets';
import { createApp } from './create-app';
import { announceStart } from './logging/start-announcement';
import { startFailureMessage } from './lifecycle/start-failure.message';

/** The port asked for, to name in a start failure (the configuration says the same once it is read). */
const requestedPort = process.env.PORT === undefined ? 3000 : Number(process.env.PORT);

/** `npm start`: the HTTP service on the configured store (default: the embedded SQLite file). */
async function main(): Promise<void> {
  const app = await createApp();
  // SIGTERM/SIGINT run the shutdown hooks: streams end, in-flight appends finish, then the store closes.
  app.enableShutdownHooks();
  // The last spans go out before the process ends.
  if (flushTraces) process.once('beforeExit', () => void flushTraces());
  const config = app.get(ConfigService).getOrThrow<ApiConfig>('api');
  if (config.host === undefined) await app.listen(config.port);
  else await app.listen(config.port, config.host);
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost');
  // The one time a token is ever written out: the start that generated it (later starts read it from the file).
  const secrets = app.get<ResolvedViewerSecrets>(VIEWER_SECRETS);
  announceStart(
    config.logFormat,
    {
      url,
      store: describeStore(config.store),
      generatedOrganiserToken: secrets.organiserTokenGenerated
        ? { token: secrets.organiserToken, savedIn: secrets.file }
        : undefined,
    },
    process.stdout,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${startFailureMessage(error, Number.isInteger(requestedPort) ? requestedPort : undefined)}\n`);
  process.exitCode = 1;
});
