import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { RequestDrain } from '../lifecycle/request-drain.service';

/** Down from the moment shutdown starts: whatever routes traffic here should stop sending commands. */
@Injectable()
export class ShutdownHealthIndicator {
  constructor(
    private readonly drain: RequestDrain,
    private readonly health: HealthIndicatorService,
  ) {}

  check(key: string): HealthIndicatorResult {
    const indicator = this.health.check(key);
    return this.drain.isDraining ? indicator.down({ message: 'shutting down' }) : indicator.up();
  }
}
