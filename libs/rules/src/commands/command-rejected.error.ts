/**
 * Why a command was refused. `kind` tells the caller what went wrong:
 * - `invalid`: the command is malformed (a field is missing or of the wrong shape);
 * - `not-found`: it names something that does not exist;
 * - `phase`: it is not allowed now (wrong phase, already confirmed, no game);
 * - `rule`: the rules refuse it (docs/rules.md `rule`).
 */
export type RejectionKind = 'invalid' | 'not-found' | 'phase' | 'rule';

export class CommandRejected extends Error {
  constructor(
    readonly kind: RejectionKind,
    readonly rule: string | null,
    readonly reason: string,
    /** The input field the rejection is about, as a path (`target.minion`, `board.groups[0].id`). */
    readonly field: string | null = null,
  ) {
    super(`${rule ? `${rule}: ` : ''}${field ? `${field}: ` : ''}${reason}`);
    this.name = 'CommandRejected';
  }

  toJSON(): { kind: RejectionKind; rule: string | null; field: string | null; reason: string } {
    return { kind: this.kind, rule: this.rule, field: this.field, reason: this.reason };
  }
}

export function reject(kind: RejectionKind, rule: string | null, reason: string, field?: string): never {
  throw new CommandRejected(kind, rule, reason, field ?? null);
}
