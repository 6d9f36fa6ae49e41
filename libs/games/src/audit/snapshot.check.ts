import type { SnapshotStore } from '@app/event-store';
import { evolve, initialState } from '@app/rules';
import type { GameState } from '@app/rules';
import { gameStream } from '../game-stream';
import { SNAPSHOT_KEY, decodeSnapshotBody } from '../loading/snapshot-body.codec';
import { type SetupDecks, setupDecksOf } from '../loading/setup-decks.cache';
import type { GameEventLine } from '../recording/game-event-line';
import type { SnapshotVerdict, StoredEventProblem } from '@app/verifier';
import { type StoredGameEvent, asDomainEvent } from '../recording/stored-game-event';

/**
 * The snapshots half of an audit: every snapshot the game has under this engine's key must be what the stored
 * events fold to at its revision, with the chain hash of the event stored there. A snapshot changed in the store
 * with its digest recomputed passes the checks of a load (digest, chain hash); only the fold tells it apart.
 */
export class SnapshotCheck {
  private readonly folded: GameState = initialState();
  private decks: SetupDecks | null = null;
  private checked = 0;
  private stopped = false;
  private readonly rejected: SnapshotVerdict['rejected'] = [];

  private constructor(
    private readonly snapshots: SnapshotStore,
    private readonly gameId: string,
    private readonly revisions: ReadonlySet<number>,
  ) {}

  /** The check of every snapshot of the game (found newest first, one at a time: bodies are not kept). */
  static async of(snapshots: SnapshotStore, gameId: string, last: number): Promise<SnapshotCheck> {
    const revisions = new Set<number>();
    for (let bound = last; bound >= 0;) {
      const snapshot = await snapshots.loadSnapshot(gameStream(gameId), SNAPSHOT_KEY, bound);
      if (snapshot === null) break;
      revisions.add(snapshot.revision);
      bound = snapshot.revision - 1;
    }
    return new SnapshotCheck(snapshots, gameId, revisions);
  }

  /**
   * Folds the stored event, and checks the snapshot at its revision if there is one. The fold stops at the first
   * event the store boundary finds wrong (`problem`) or that does not fold: the game fails its audit there, and the
   * snapshots after it can be checked against nothing.
   */
  async push(event: GameEventLine, problem: StoredEventProblem | null): Promise<void> {
    if (this.stopped || problem !== null || !this.folds(event)) {
      this.stopped = true;
      return;
    }
    if (!this.revisions.has(event.revision)) return;
    this.checked += 1;
    const reason = await this.problemAt(event);
    if (reason !== null) this.rejected.push({ revision: event.revision, reason });
  }

  verdict(): SnapshotVerdict {
    return { checked: this.checked, rejected: this.rejected };
  }

  /** Whether the engine's fold takes the event (it has its type's shape: the boundary said so). */
  private folds(event: GameEventLine): boolean {
    const stored = event as StoredGameEvent;
    try {
      if (stored.type === 'GameCreated' && stored.revision === 0) this.decks = setupDecksOf(stored.data);
      evolve(this.folded, asDomainEvent(stored));
      return true;
    } catch {
      return false;
    }
  }

  private async problemAt(event: GameEventLine): Promise<string | null> {
    const snapshot = await this.snapshots.loadSnapshot(gameStream(this.gameId), SNAPSHOT_KEY, event.revision);
    if (snapshot?.revision !== event.revision) return 'it is gone';
    const body = await decodeSnapshotBody(snapshot.state, async () => this.decks);
    if (body === null) return 'its body does not match its digest, or cannot be read';
    if (body.hash !== event.metadata.hash) return 'its chain hash is not the stored event’s';
    if (JSON.stringify(body.state) !== JSON.stringify(this.folded)) {
      return 'its state is not what the stored events fold to';
    }
    return null;
  }
}
