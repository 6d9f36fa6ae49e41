import type { Snapshot } from '../snapshot-store.port';
import { SnapshotStore } from '../snapshot-store.port';

interface StoredSnapshot extends Snapshot {
  engineVersion: string;
}

/**
 * Snapshots in process memory. Used by the memory adapter, and by the esdb deployment: writing snapshots into
 * EventStoreDB streams would put cache entries into the audited `$all` log every analytics subscriber reads, and a
 * snapshot is only a cache (lost on restart, rebuilt on the next load).
 */
export class MemorySnapshotStore extends SnapshotStore {
  private readonly byStream = new Map<string, StoredSnapshot[]>();

  override async saveSnapshot(stream: string, revision: number, engineVersion: string, state: string): Promise<void> {
    if (!Number.isSafeInteger(revision) || revision < 0) throw new TypeError('snapshot revision must be >= 0');
    const list = (this.byStream.get(stream) ?? []).filter(
      (s) => !(s.revision === revision && s.engineVersion === engineVersion),
    );
    list.push({ revision, engineVersion, state });
    list.sort((a, b) => a.revision - b.revision);
    this.byStream.set(stream, list);
  }

  override async loadSnapshot(stream: string, engineVersion: string, atOrBefore?: number): Promise<Snapshot | null> {
    const list = this.byStream.get(stream) ?? [];
    for (const s of list.slice().reverse()) {
      if (s.engineVersion === engineVersion && (atOrBefore === undefined || s.revision <= atOrBefore)) {
        return { revision: s.revision, state: s.state };
      }
    }
    return null;
  }

  override async deleteSnapshotsExcept(engineVersion: string): Promise<number> {
    let count = 0;
    for (const [stream, list] of this.byStream) {
      const kept = list.filter((s) => s.engineVersion === engineVersion);
      count += list.length - kept.length;
      if (kept.length > 0) this.byStream.set(stream, kept);
      else this.byStream.delete(stream);
    }
    return count;
  }

  override async deleteSnapshots(stream?: string): Promise<number> {
    if (stream !== undefined) {
      const count = this.byStream.get(stream)?.length ?? 0;
      this.byStream.delete(stream);
      return count;
    }
    let count = 0;
    for (const list of this.byStream.values()) count += list.length;
    this.byStream.clear();
    return count;
  }
}
