import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { ApiConfigOverrides } from '../../../apps/api/src/app.module';
import { type ResolvedViewerSecrets, VIEWER_SECRETS } from '../../../apps/api/src/config/viewer-secrets';
import { createApp } from '../../../apps/api/src/create-app';

/** A supertest client whose every request carries one caller's token (or none). */
export type ApiClient = ReturnType<typeof request.agent>;

/** The real HTTP service on a SQLite file, listening on a free local port. */
export interface ApiTestApp {
  app: NestExpressApplication;
  server: Server;
  /** `http://127.0.0.1:<port>` */
  url: string;
  dbPath: string;
  /** The organiser's token: generated at the first start on this database and kept next to it (secrets.json). */
  organiserToken: string;
  /** A client sending `Authorization: Bearer <token>`; without a token, the public (spectator) view. */
  as(token?: string): ApiClient;
  /** The same as `as(organiserToken)`: sees and may do everything but play. */
  organiser: ApiClient;
  close(): Promise<void>;
}

/** `Authorization: Bearer <token>`, for `.set()` and for SseClient/EventSource headers. */
export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** A fresh directory for a test's database files; remove it with removeTempDir. */
export function makeTempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-api-'));
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

export async function startApi(
  dbPath: string,
  options: { gcScheduler?: boolean } & ApiConfigOverrides = {},
): Promise<ApiTestApp> {
  const app = await createApp({
    // Other processes' (here: other apps') appends are noticed by polling; a short interval keeps tests quick.
    store: { kind: 'sqlite', sqlitePath: dbPath, pollIntervalMs: 50 },
    gcScheduler: true,
    logLevel: process.env.API_TEST_LOG_LEVEL ?? 'silent',
    sseHeartbeatMs: 0,
    shutdownGraceMs: 5000,
    ignoreEnvFile: true,
    ...options,
  });
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer() as Server;
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the test app is not listening on a port');
  let closed = false;
  const url = `http://127.0.0.1:${address.port}`;
  const { organiserToken } = app.get<ResolvedViewerSecrets>(VIEWER_SECRETS);
  const as = (token?: string): ApiClient => {
    const client = request.agent(url);
    return token === undefined ? client : client.set(bearer(token));
  };
  return {
    app,
    server,
    url,
    dbPath,
    organiserToken,
    as,
    organiser: as(organiserToken),
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
    },
  };
}
