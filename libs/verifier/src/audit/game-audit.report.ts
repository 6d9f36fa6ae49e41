import type { GameEventLine } from '../events/game-event-line';

/** Why a hash chain is broken at a revision (the first reason found there). */
export type ChainBreakReason =
  | 'missing revision'
  | 'revision out of order'
  | 'prevHash mismatch'
  | 'hash mismatch'
  | 'damaged event'
  | 'invalid chain secret';

/** The hash-chain half of an audit: every link from the game's genesis hash, in revision order. */
export interface ChainVerdict {
  intact: boolean;
  /** The first revision where the chain does not hold (null when intact). */
  firstBrokenRevision: number | null;
  reason?: ChainBreakReason;
  /** The same in a sentence, with the values compared. */
  detail?: string;
  /**
   * The stored hash of the last event: a chain cannot tell whether events were cut off its end, so an organiser who
   * keeps this value (or publishes it) can check that nothing was later removed.
   */
  lastHash: string | null;
}

/** Where the stored events and the engine's re-derivation first part. */
export interface Divergence {
  revision: number;
  /** In words: `event differs`, `missing event`, `not derived`, `refused`… with what is known. */
  reason: string;
  /** What the engine derives at this revision (null: nothing — the stored event has no cause the engine knows). */
  expected: GameEventLine | null;
  /** What is stored there (null: the stream ends where the engine goes on). */
  found: GameEventLine | null;
}

/** The re-simulation half: every command rebuilt from its input event, run again, compared byte for byte. */
export interface ResimulationVerdict {
  identical: boolean;
  firstDivergence: Divergence | null;
  /** How many commands were re-run (up to the first divergence). */
  commands: number;
}

/** The snapshots half (a stored game only): each snapshot against the fold of the stored events at its revision. */
export interface SnapshotVerdict {
  /** How many snapshots were checked. */
  checked: number;
  /** The snapshots that are not what the events say (a load never uses them: it folds from the events). */
  rejected: { revision: number; reason: string }[];
}

/** The audit of one game (GET /games/:id/audit, `sanctum verify`). */
export interface GameAuditReport {
  gameId: string;
  /** The last revision read (-1 for no events). */
  revision: number;
  /** How many events were read. */
  events: number;
  /** The engine version that re-derived the events. */
  engineVersion: string;
  /** For a fork: the game and revision it was copied from (as its first event says). */
  forkedFrom: { gameId: string; revision: number } | null;
  chain: ChainVerdict;
  resimulation: ResimulationVerdict;
  /** Present when the game was audited where it is stored, with its snapshots. */
  snapshots?: SnapshotVerdict;
}

/** Intact and identical: nothing was changed, and today's engine gives the same game. */
export function auditPassed(report: GameAuditReport): boolean {
  return report.chain.intact && report.resimulation.identical && (report.snapshots?.rejected.length ?? 0) === 0;
}
