import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule, type ApiConfigOverrides } from './app.module';
import type { NextFunction, Request, Response } from 'express';
import { RequestDrain } from './lifecycle/request-drain.service';
import { API_CONFIG, type ApiConfig } from './config/api-config';
import { commandObserver } from './metrics/command-observer.middleware';
import { ServiceMetrics } from './metrics/service-metrics';
import { setUpOpenApi } from './openapi/openapi';

/**
 * Builds the whole HTTP service, initialised but not listening (main.ts listens; tests pass a temporary SQLite
 * file and `gcScheduler: false` where they drive garbage collection themselves).
 */
export async function createApp(overrides: ApiConfigOverrides = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(overrides), {
    // Only JSON bodies, with our own limit and errors (see JsonBodyMiddleware).
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
    // By the time Nest closes the server, RequestDrain has let every response finish: what is left are idle
    // keep-alive sockets (or clients that never hung up), which would otherwise hold the close for seconds.
    forceCloseConnections: true,
  });
  app.useLogger(app.get(Logger));
  app.flushLogs();
  const drain = app.get(RequestDrain);
  // First of all: every response is counted until sent, so that shutdown can wait for it.
  app.use((_request: Request, response: Response, next: NextFunction) => {
    drain.track(response);
    // Once shutdown has started, no connection is kept for another request: the server closes it after this
    // answer, so that none is left open, idle, to be cut when the server stops listening.
    if (drain.isDraining) response.setHeader('Connection', 'close');
    next();
  });
  // Every command counted and timed (and traced, with tracing on), whatever the route answers.
  const config = app.get<ApiConfig>(API_CONFIG);
  app.use(commandObserver(config.metrics ? app.get(ServiceMetrics) : undefined));
  app.disable('x-powered-by');
  setUpOpenApi(app);
  await app.init();
  return app;
}
