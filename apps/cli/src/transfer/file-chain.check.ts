import { HashChainCheck } from '@app/verifier';
import type { GameEventLine } from '@app/games/recording/game-event-line';
import { CliFailure } from '../cli-failure.error';
import { STORE_EXIT } from './store-exit-codes';

/** A refused file: its chain does not hold from `revision` on (exit 3), seen at `line` when it is known. */
export function brokenChain(file: string, revision: number, reason: string, line?: number): CliFailure {
  const where = line === undefined ? file : `${file}:${line}`;
  return new CliFailure(
    STORE_EXIT.brokenChain,
    `${where}: the hash chain is broken at revision ${revision}: ${reason}. Nothing was imported`,
  );
}

/**
 * The audit's chain check (libs/games/src/audit/hash-chain.check.ts) over the lines of a file, one at a time:
 * constant memory for a file of any length. It counts the events that extend the chain and keeps the last hash.
 */
export class FileChainCheck {
  private readonly check: HashChainCheck;
  private verified = 0;
  private last = '';

  constructor(
    private readonly file: string,
    gameId: string,
  ) {
    this.check = new HashChainCheck(gameId);
  }

  /** How many events, from revision 0, the chain holds for. */
  get count(): number {
    return this.verified;
  }

  /** The hash of the last event the chain holds for. */
  get lastHash(): string {
    return this.last;
  }

  /** Whether the event extends the chain. */
  extendedBy(event: GameEventLine): boolean {
    this.check.push(event);
    if (!this.check.intact) return false;
    this.verified += 1;
    this.last = event.metadata.hash as string;
    return true;
  }

  /** Where the chain stopped holding, and why in words (once `extendedBy` said no). */
  breach(): { revision: number; detail: string } {
    const verdict = this.check.verdict();
    const detail = (verdict.detail ?? '').replace(/^revision \d+: /, '');
    return { revision: verdict.firstBrokenRevision ?? this.verified, detail: detail || 'the chain does not hold' };
  }

  /** The same, refusing the file (exit 3) at the first event that does not. */
  push(event: GameEventLine): void {
    if (this.extendedBy(event)) return;
    const { revision, detail } = this.breach();
    throw brokenChain(this.file, revision, detail);
  }
}
