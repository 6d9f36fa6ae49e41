import type { GameEventLine } from '../events/game-event-line';
import { CHAIN_SECRET_FIELD, chainSecretOf } from './chain-secret';
import { eventHash, genesisHash } from './hash-chain';
import { canonicalFormProblem } from '../canonical/canonical-form.check';
import type { ChainBreakReason, ChainVerdict } from '../audit/game-audit.report';
import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';

/**
 * Checks a game's hash chain one event at a time (so a million-event stream is read page by page): revisions
 * follow each other from 0 (a deleted row is a gap), each event's `prevHash` is the previous event's `hash` (the
 * genesis hash for revision 0, keyed with the chain secret revision 0 records, if any), and each `hash` is the hash
 * of the event's own content. Reports the first break.
 */
export class HashChainCheck {
  private expectedRevision = 0;
  private previousHash = '';
  private lastHash: string | null = null;
  private broken: Pick<ChainVerdict, 'firstBrokenRevision' | 'reason' | 'detail'> | null = null;

  constructor(
    private readonly gameId: string,
    private readonly crypto: VerifierCrypto = platformCrypto,
  ) {}

  get intact(): boolean {
    return this.broken === null;
  }

  push(event: GameEventLine): void {
    const stored = typeof event.metadata.hash === 'string' ? event.metadata.hash : null;
    this.lastHash = stored;
    if (this.broken) return;
    const revision = this.expectedRevision;
    if (event.revision > revision) {
      return this.breakAt(
        revision,
        'missing revision',
        `the next stored event after ${revision - 1} is ${event.revision}`,
      );
    }
    if (event.revision !== revision) {
      return this.breakAt(
        revision,
        'revision out of order',
        `revision ${event.revision} stands where ${revision} should`,
      );
    }
    if (revision === 0) {
      const secret = chainSecretOf(event.metadata);
      if (secret === null) {
        return this.breakAt(0, 'invalid chain secret', `metadata.${CHAIN_SECRET_FIELD} is not 64 lowercase hex digits`);
      }
      this.previousHash = genesisHash(this.gameId, secret, this.crypto);
    }
    const unhashable = canonicalFormProblem(event.data, 'data') ?? canonicalFormProblem(event.metadata, 'metadata');
    if (unhashable !== null)
      return this.breakAt(revision, 'damaged event', `its content cannot be hashed: ${unhashable}`);
    const prevHash = event.metadata.prevHash;
    if (prevHash === undefined) {
      return this.breakAt(
        revision,
        'prevHash mismatch',
        'the event carries no chain links (the engine’s own output, as `simulate` prints it, has none)',
      );
    }
    if (prevHash !== this.previousHash) {
      return this.breakAt(
        revision,
        'prevHash mismatch',
        `metadata.prevHash is ${JSON.stringify(prevHash ?? null)}, the previous link is ${this.previousHash}`,
      );
    }
    const recomputed = eventHash(this.previousHash, event, this.crypto);
    if (stored !== recomputed) {
      return this.breakAt(
        revision,
        'hash mismatch',
        `metadata.hash is ${JSON.stringify(stored)}, the event's content hashes to ${recomputed}`,
      );
    }
    this.previousHash = recomputed;
    this.expectedRevision += 1;
  }

  verdict(): ChainVerdict {
    return { intact: this.broken === null, firstBrokenRevision: null, ...this.broken, lastHash: this.lastHash };
  }

  /** A stored event that cannot be read at all (its row is not JSON, or is missing): the chain breaks there. */
  damagedAt(revision: number, detail: string): void {
    if (!this.broken) this.breakAt(revision, 'damaged event', detail);
  }

  private breakAt(revision: number, reason: ChainBreakReason, detail: string): void {
    this.broken = { firstBrokenRevision: revision, reason, detail: `revision ${revision}: ${reason}: ${detail}` };
  }
}
