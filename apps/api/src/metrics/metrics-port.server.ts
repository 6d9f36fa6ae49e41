import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ServiceMetrics } from './service-metrics';

/**
 * METRICS_PORT: `GET /metrics` on a port of its own, without a token, for a Prometheus on a private network (bound
 * to METRICS_HOST, default HOST). Nothing else is served there.
 */
@Injectable()
export class MetricsPortServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | undefined;

  constructor(
    private readonly metrics: ServiceMetrics,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** The port it listens on (METRICS_PORT=0 picks a free one). */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { metricsPort, metrics } = this.config;
    if (!metrics || metricsPort === undefined) return;
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('only GET /metrics here\n');
        return;
      }
      this.metrics.text().then(
        (text) => response.writeHead(200, { 'Content-Type': this.metrics.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(metricsPort, this.config.metricsHost ?? this.config.host, () => resolve());
    });
    this.logger.log(`metrics on port ${this.port} (GET /metrics)`);
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
