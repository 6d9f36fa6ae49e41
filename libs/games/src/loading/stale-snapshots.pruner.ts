import { SnapshotStore } from '@app/event-store';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SNAPSHOT_KEY } from './snapshot-body.codec';

/**
 * Snapshots are keyed by engine version and body format (SNAPSHOT_KEY): after an upgrade, those of the earlier
 * key can never be read again, and on a big game they weigh hundreds of megabytes. They are deleted once, as the
 * service starts (before it takes requests: on sqlite the delete holds the one connection while it runs). A
 * failure only costs the space, so it is logged and the service starts.
 */
@Injectable()
export class StaleSnapshotsPruner implements OnApplicationBootstrap {
  private readonly logger = new Logger(StaleSnapshotsPruner.name);

  constructor(private readonly snapshots: SnapshotStore) {}

  async onApplicationBootstrap(): Promise<void> {
    const started = performance.now();
    try {
      const deleted = await this.snapshots.deleteSnapshotsExcept(SNAPSHOT_KEY);
      if (deleted > 0) {
        const ms = Math.round(performance.now() - started);
        this.logger.log(`deleted ${deleted} snapshot(s) of earlier engine versions (kept ${SNAPSHOT_KEY}; ${ms} ms)`);
      }
    } catch (error) {
      this.logger.warn(`stale snapshots could not be deleted: ${(error as Error).message}`);
    }
  }
}
