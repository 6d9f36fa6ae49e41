import type { EventStoreOptions } from '@app/event-store';
import { type ChildProcess, fork } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Fixed secrets, so the bench knows the organiser's token and nothing is generated next to the database. */
export const BENCH_ORGANISER_TOKEN = 'bench-organiser-token-0123456789';
export const BENCH_SERVER_SECRET = 'bench-server-secret-0123456789ab';
/** One receipt key for every server of this run: instances on one postgres store must sign with the same one. */
const BENCH_RECEIPT_SIGNING_KEY = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });

export interface ServerStats {
  peakRssMb: number;
  cpuMs: number;
}

/** A running api-server.child.ts: its port, and a stop that returns the server's own peak RSS and CPU time. */
export interface ApiServer {
  port: number;
  url: string;
  stop(): Promise<ServerStats>;
}

/** Starts the service on `store` in a child process (same Node flags and TS loader as this one). */
export function startApiServer(store: EventStoreOptions, scheduler: 'on' | 'off'): Promise<ApiServer> {
  const child: ChildProcess = fork(path.join(__dirname, 'api-server.child.ts'), [JSON.stringify(store), scheduler], {
    env: { ...process.env, RECEIPT_SIGNING_KEY: BENCH_RECEIPT_SIGNING_KEY.toString() },
    // BENCH_SERVER_PROFILE=DIR writes the server's CPU profile there (to find what a target is missing by).
    execArgv: [
      '-r',
      'ts-node/register/transpile-only',
      '-r',
      'tsconfig-paths/register',
      ...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`] : []),
    ],
    // BENCH_SERVER_LOG=FILE keeps the server's request log (a JSON line per request); by default it is dropped.
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'w') : 'ignore',
      'inherit',
      'ipc',
    ],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the API server exited with ${code}`)));
    child.once('message', (message: { port: number }) => {
      child.removeAllListeners('exit');
      resolve({
        port: message.port,
        url: `http://127.0.0.1:${message.port}`,
        stop: () =>
          new Promise<ServerStats>((done) => {
            child.on('message', (reply: { stopped?: ServerStats }) => {
              if (reply.stopped) done(reply.stopped);
            });
            child.send('stop');
          }),
      });
    });
  });
}
