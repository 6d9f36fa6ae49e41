import type { EventStore, SnapshotStore } from '@app/event-store';
import { gameStream } from '../game-stream';
import { type GameEventLine } from '../recording/game-event-line';
import { GameAuditor, type GameAuditReport } from '@app/verifier';
import { SnapshotCheck } from './snapshot.check';
import { lastRevisionOf } from '../loading/last-revision.query';

/** Events per read while auditing: a long game is never held whole. */
export const AUDIT_PAGE_SIZE = 1000;

/** What a caller may follow of an audit as it runs. */
export interface AuditWatch {
  /** Every event read, in order (the receipts check rides along, reading nothing twice). */
  observe?: (event: GameEventLine) => void;
  /** After each page: how many events have been audited, of how many (a progress bar). */
  onProgress?: (audited: number, total: number) => void;
}

/**
 * Audits a game as stored, reading its stream page by page, and its snapshots when given the snapshot store. Only
 * reads: usable on a store others write to. The audit covers the game as it stood when it started (appends are
 * atomic, so that is the end of a command).
 */
export async function auditStoredGame(
  store: EventStore,
  gameId: string,
  snapshots?: SnapshotStore,
  watch: AuditWatch = {},
): Promise<GameAuditReport> {
  const last = await lastRevisionOf(store, gameId);
  const auditor = new GameAuditor(gameId);
  const snapshotCheck = snapshots === undefined ? null : await SnapshotCheck.of(snapshots, gameId, last);
  let audited = 0;
  // The store's raw pages, not the store boundary's: the audit must say what is wrong with a forged store, event by
  // event, and go on reading (the receipts check rides along to the end), where the boundary stops at the first.
  for await (const page of store.readStreamPages(gameStream(gameId), {
    pageSize: AUDIT_PAGE_SIZE,
    maxCount: last + 1,
  })) {
    for (const event of page) {
      const line: GameEventLine = {
        revision: event.revision,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
      };
      if (event.damage === undefined) {
        await snapshotCheck?.push(line, auditor.push(line));
      } else {
        auditor.damagedAt(event.revision, event.damage);
        await snapshotCheck?.push(line, { reason: event.damage, hashable: false });
      }
      watch.observe?.(line);
    }
    audited += page.length;
    watch.onProgress?.(audited, last + 1);
    // Re-simulation is CPU work and SQLite reads are synchronous: without a turn of the event loop between pages,
    // a long audit would hold up every other request of the service until it ends.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const report = auditor.report();
  return snapshotCheck === null ? report : { ...report, snapshots: snapshotCheck.verdict() };
}
