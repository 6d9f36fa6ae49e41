import { Controller, Get, Header, NotFoundException, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Inject } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { Access } from '../viewers/access.decorator';
import { ServiceMetrics } from './service-metrics';

/**
 * `GET /metrics` on the service's own port, for the organiser's token only (the counts say how busy the
 * tournament is). Prometheus scrapes it with `authorization: {credentials: <token>}`, or scrapes METRICS_PORT,
 * which answers without a token and belongs on a private network.
 */
@ApiExcludeController()
@Access('organiser', { purpose: 'read the metrics' })
@Controller('metrics')
export class MetricsHttpController {
  constructor(
    private readonly metrics: ServiceMetrics,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async metricsText(@Res({ passthrough: true }) response: Response): Promise<string> {
    if (!this.config.metrics) throw new NotFoundException('metrics are off (METRICS=off)');
    response.setHeader('Content-Type', this.metrics.contentType);
    return this.metrics.text();
  }
}
