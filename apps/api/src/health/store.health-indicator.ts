import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { EventStore } from '@app/event-store';
import { API_CONFIG, type ApiConfig } from '../config/api-config';

/** The store answers a read (of a stream no game can have, so the answer is cheap and always "none"). */
@Injectable()
export class StoreHealthIndicator {
  constructor(
    private readonly store: EventStore,
    private readonly health: HealthIndicatorService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async check(key: string): Promise<HealthIndicatorResult> {
    const indicator = this.health.check(key);
    try {
      await this.store.streamRevision('health-check');
      return indicator.up({ kind: this.config.store.kind });
    } catch (error) {
      return indicator.down({ kind: this.config.store.kind, message: (error as Error).message });
    }
  }
}
