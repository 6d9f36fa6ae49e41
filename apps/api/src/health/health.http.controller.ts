import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, type HealthCheckResult } from '@nestjs/terminus';
import { Access } from '../viewers/access.decorator';
import { ShutdownHealthIndicator } from './shutdown.health-indicator';
import { StoreHealthIndicator } from './store.health-indicator';

/**
 * Liveness and readiness, as terminus and orchestrators mean them: `live` says the process answers (restart it if
 * not), `ready` that a command sent now would be recorded durably (send none if not); `GET /health` is `ready`.
 */
@ApiTags('health')
@Access('public')
@Controller('health')
export class HealthHttpController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly store: StoreHealthIndicator,
    private readonly shutdown: ShutdownHealthIndicator,
  ) {}

  /** 200 `{status: 'ok', info: {store: {status: 'up', kind}, shutdown: {status: 'up'}}}`, or 503 naming what is down. */
  @Get(['', 'ready'])
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: the store can commit durably and the service is not shutting down' })
  ready(): Promise<HealthCheckResult> {
    return this.health.check([() => this.store.check('store'), () => this.shutdown.check('shutdown')]);
  }

  /** 200 while the process serves requests at all. */
  @Get('live')
  @HealthCheck()
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }
}
