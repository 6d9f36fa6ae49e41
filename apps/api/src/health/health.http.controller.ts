import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, type HealthCheckResult } from '@nestjs/terminus';
import { Access } from '../viewers/access.decorator';
import { StoreHealthIndicator } from './store.health-indicator';

@ApiTags('health')
@Access('public')
@Controller('health')
export class HealthHttpController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly store: StoreHealthIndicator,
  ) {}

  /** 200 `{status: 'ok', info: {store: {status: 'up', kind}}}`, or 503 when the store does not answer. */
  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Whether the service and its event store answer' })
  check(): Promise<HealthCheckResult> {
    return this.health.check([() => this.store.check('store')]);
  }
}
