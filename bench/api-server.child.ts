import type { EventStoreOptions } from '@app/event-store';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../apps/api/src/create-app';
import { BENCH_ORGANISER_TOKEN, BENCH_SERVER_SECRET } from './api-server.handle';

/**
 * The HTTP service in a process of its own, so that the load generator (autocannon, the SSE consumer) does not
 * share its event loop: `api-server.child.ts STORE_JSON on|off` (the store's options; GC scheduler). Tells its parent the port over
 * IPC, and on 'stop' its own peak RSS and CPU time before it exits. Logs at the default level (`info`, a line per
 * request, as in production) to the parent's choice of stdout.
 */
async function serve(): Promise<void> {
  const [store, scheduler = 'on'] = process.argv.slice(2);
  const app: NestExpressApplication = await createApp({
    store: JSON.parse(store) as EventStoreOptions,
    gcScheduler: scheduler === 'on',
    ignoreEnvFile: true,
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    sseHeartbeatMs: 0,
    organiserToken: BENCH_ORGANISER_TOKEN,
    serverSecret: BENCH_SERVER_SECRET,
  });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const started = process.cpuUsage();
  process.on('message', (message: unknown) => {
    if (message !== 'stop') return;
    const cpu = process.cpuUsage(started);
    const report = { peakRssMb: process.resourceUsage().maxRSS / 1024, cpuMs: (cpu.user + cpu.system) / 1000 };
    void app.close().finally(() => process.send?.({ stopped: report }, () => process.exit(0)));
  });
  process.send?.({ port: address.port });
}

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
