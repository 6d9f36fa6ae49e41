import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { GameReads } from '@app/games';
import { API_CONFIG, type ApiConfig } from '../config/api-config';

/**
 * The store could commit durably now (GameReads.checkStoreReady: for SQLite, the files at its path are the ones it
 * has open and the disk has room; for a network store, it answers a read).
 */
@Injectable()
export class StoreHealthIndicator {
  constructor(
    private readonly reads: GameReads,
    private readonly health: HealthIndicatorService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async check(key: string): Promise<HealthIndicatorResult> {
    const indicator = this.health.check(key);
    try {
      await this.reads.checkStoreReady();
      return indicator.up({ kind: this.config.store.kind });
    } catch (error) {
      return indicator.down({ kind: this.config.store.kind, message: (error as Error).message });
    }
  }
}
