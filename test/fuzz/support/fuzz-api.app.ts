import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../../apps/api/src/create-app';

/** The real HTTP service, in this process, on a temporary SQLite file, listening on 127.0.0.1 (a free port). */
export interface FuzzApi {
  app: NestExpressApplication;
  port: number;
  url: string;
  dir: string;
  close(): Promise<void>;
}

/**
 * Built with createApp itself (not test/api's helper, which others are changing): the tokens are set explicitly,
 * so the test does not depend on a generated secrets file, nor on whether token checks are enforced yet.
 */
export async function startFuzzApi(secrets: { organiserToken: string; serverSecret: string }): Promise<FuzzApi> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-fuzz-'));
  const app = await createApp({
    store: { kind: 'sqlite', sqlitePath: path.join(dir, 'fuzz.db'), pollIntervalMs: 50 },
    gcScheduler: true,
    logLevel: process.env.FUZZ_LOG_LEVEL ?? 'silent',
    bodyLimit: '1mb',
    sseHeartbeatMs: 0,
    shutdownGraceMs: 2000,
    ignoreEnvFile: true,
    organiserToken: secrets.organiserToken,
    serverSecret: secrets.serverSecret,
  });
  await app.listen(0, '127.0.0.1');
  const address = (app.getHttpServer() as Server).address();
  if (address === null || typeof address === 'string') throw new Error('the fuzz app is not listening on a port');
  let closed = false;
  return {
    app,
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    dir,
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await app.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
