import { ENGINE_VERSION } from '@app/rules';
import type { GameEventLine } from '../events/game-event-line';
import { forkProvenanceOf } from './fork-provenance';
import type { GameAuditReport } from './game-audit.report';
import { HashChainCheck } from '../chain/hash-chain.check';
import { ResimulationCheck } from './resimulation.check';
import { type StoredEventProblem, storedEventProblem } from '../events/stored-event.check';
import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';

/**
 * Both checks of an audit over one pass of a game's events, fed one at a time in stored order (from the store page
 * by page, from an exported file line by line, or from an array): nothing but the current command's events and the
 * re-derived state is held, whatever the game's length.
 */
export class GameAuditor {
  private chain: HashChainCheck | undefined;
  private readonly resimulation = new ResimulationCheck();
  private gameId: string | undefined;
  private forkedFrom: GameAuditReport['forkedFrom'] = null;
  private lastRevision = -1;
  private count = 0;

  /** Without a game id (an exported file), the first event's `metadata.gameId` names the game. */
  constructor(
    gameId?: string,
    private readonly crypto: VerifierCrypto = platformCrypto,
  ) {
    this.gameId = gameId;
  }

  /**
   * The next event, in stored order; returns what the store boundary finds wrong with it (null: nothing), which the
   * caller's own checks of the same event may use.
   */
  push(event: GameEventLine): StoredEventProblem | null {
    const problem = storedEventProblem(event);
    if (this.count === 0) {
      const named = event.metadata.gameId;
      this.gameId ??= typeof named === 'string' ? named : '';
      const provenance = forkProvenanceOf(event.metadata);
      if (provenance) this.forkedFrom = { gameId: provenance.forkedFrom, revision: provenance.forkedAt };
    }
    this.chain ??= new HashChainCheck(this.gameId as string, this.crypto);
    this.chain.push(event);
    this.resimulation.push(event, problem);
    this.lastRevision = Math.max(this.lastRevision, event.revision);
    this.count += 1;
    return problem;
  }

  /** The stored event at `revision` cannot be read at all (RecordedEvent.damage): both checks fail there. */
  damagedAt(revision: number, detail: string): void {
    this.chain ??= new HashChainCheck(this.gameId as string, this.crypto);
    this.chain.damagedAt(revision, detail);
    this.resimulation.damagedAt(revision, detail);
    this.lastRevision = Math.max(this.lastRevision, revision);
    this.count += 1;
  }

  report(): GameAuditReport {
    this.resimulation.finish();
    const gameId = this.gameId ?? '';
    return {
      gameId,
      revision: this.lastRevision,
      events: this.count,
      engineVersion: ENGINE_VERSION,
      forkedFrom: this.forkedFrom,
      chain: (this.chain ?? new HashChainCheck(gameId)).verdict(),
      resimulation: this.resimulation.verdict(),
    };
  }
}

/** Audits events given in stored order: an array, or any (async) iterator such as the lines of an export. */
export async function auditEvents(
  events: Iterable<GameEventLine> | AsyncIterable<GameEventLine>,
  gameId?: string,
  crypto: VerifierCrypto = platformCrypto,
): Promise<GameAuditReport> {
  const auditor = new GameAuditor(gameId, crypto);
  for await (const event of events) auditor.push(event);
  return auditor.report();
}
