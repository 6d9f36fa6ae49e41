import { CommandRejected, execute, initialState, inputCommandOf, startsCommand } from '@app/rules';
import type { Command, DomainEvent, GameState } from '@app/rules';
import type { GameEventLine } from '../events/game-event-line';
import { type ForkProvenance, forkProvenanceOf, provenanceAt } from './fork-provenance';
import type { Divergence, ResimulationVerdict } from './game-audit.report';
import { canonicalJson } from '../canonical/canonical-json';
import { CHAIN_SECRET_FIELD } from '../chain/chain-secret';
import { type StoredEventProblem, storedEventProblem } from '../events/stored-event.check';

/** What the comparison leaves out of a stored event: the chain links, which the engine does not produce. */
function withoutLinks(metadata: Record<string, unknown>): Record<string, unknown> {
  const { prevHash: _prevHash, hash: _hash, ...rest } = metadata;
  return rest;
}

type Comparable = { type: string; data: unknown; metadata: Record<string, unknown> };

/** The bytes compared: RFC 8785 canonical JSON of type, data and metadata (the hash chain's own form). */
function canonical(event: Comparable): string {
  return canonicalJson({ type: event.type, data: event.data, metadata: event.metadata });
}

/** Equal values, keys in the same order: what makes two JSON texts equal, found without writing either. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i += 1) {
    const key = keysA[i];
    if (
      key === undefined ||
      key !== keysB[i] ||
      !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])
    ) {
      return false;
    }
  }
  return true;
}

/**
 * Equal values in one key order: then the two have the same canonical JSON (a function of the value). The engine and
 * the stores keep one key order, so this settles the common case at a fraction of the cost of canonicalising both;
 * only events that differ so are compared canonically (another key order may not differ).
 */
function sameValues(expected: Comparable, stored: Comparable): boolean {
  return (
    expected.type === stored.type &&
    sameJson(expected.data, stored.data) &&
    sameJson(expected.metadata, stored.metadata)
  );
}

/** `an AttackExecuting`, `a DamageApplied`. */
function a(type: string): string {
  return `${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type}`;
}

/** Why an event and its re-derivation differ, in words. */
function differenceOf(expected: GameEventLine, stored: GameEventLine): string {
  if (startsCommand(stored) && stored.metadata.commandId !== expected.metadata.commandId) {
    return `missing event: the engine derives more events for command ${String(expected.metadata.commandId)}`;
  }
  if (expected.type !== stored.type)
    return `event differs: the engine derives ${a(expected.type)} here, not ${a(stored.type)}`;
  return `event differs: the engine derives this ${stored.type} with other content`;
}

function describeFailure(error: unknown): string {
  if (error instanceof CommandRejected) {
    return `the engine refuses the command now: ${error.rule ? `rule ${error.rule}: ` : ''}${error.reason}`;
  }
  return `the engine cannot run the command: ${(error as Error)?.message ?? String(error)}`;
}

/**
 * Re-simulation (docs/design.md), one stored event at a time: the first event of each command is an
 * input event, from which the command is rebuilt (`inputCommandOf`) and executed on the state the engine itself
 * re-derived so far; the events it gives must then be the stored ones, byte for byte, up to the chain links. So
 * every stored event is either re-derived or is the input of a command that re-derives it: an event the engine
 * would not produce, a missing or extra one, or a command the engine now refuses is the first divergence.
 *
 * Commands are found by re-derivation rather than by runs of equal `commandId`, so two commands recorded under
 * one id (a client reusing an Idempotency-Key) are still two commands; the command id is compared like
 * everything else.
 *
 * Forks: copied events carry `forkedFrom`/`forkedAt`, which no engine derives. They are part of the re-derivation
 * rather than ignored: the provenance declared by revision 0 is added to every re-derived event up to `forkedAt`,
 * so a copied event that lost, changed or gained provenance diverges like any other edit.
 *
 * The chain secret (chain-secret.ts) is drawn by the games layer, not derived: the one revision 0 records is added to
 * the re-derived revision 0 (the hash chain check judges its form), and a secret anywhere else diverges.
 */
export class ResimulationCheck {
  private state: GameState = initialState();
  private derived: DomainEvent[] = [];
  private next = 0;
  private position = 0;
  private commands = 0;
  private commandOfDerived: Command | null = null;
  private provenance: ForkProvenance | null | undefined;
  private chainSecret: { [CHAIN_SECRET_FIELD]?: unknown } | undefined;
  private divergence: Divergence | null = null;

  get identical(): boolean {
    return this.divergence === null;
  }

  /**
   * The next stored event, in order. `problem` is what the store boundary finds wrong with it (stored-event.check.ts),
   * when the caller has asked already: an event that is not of the vocabulary is a divergence there, before the
   * engine meets it. Not asked, the check asks itself where it must: of an event that starts a command (the engine
   * reads it), and of one that is not exactly what the engine derived — one that is, is of the vocabulary.
   */
  push(stored: GameEventLine, problem?: StoredEventProblem | null): void {
    if (this.divergence) return;
    const opensCommand = this.next === this.derived.length;
    // The caller's answer stands, null included: only an event nobody asked of, opening a command, is asked here.
    const known = problem !== undefined ? problem : opensCommand ? storedEventProblem(stored) : null;
    if (this.damaged(stored, known)) return;
    this.provenance ??= forkProvenanceOf(stored.metadata);
    this.chainSecret ??=
      stored.revision === 0 && stored.metadata[CHAIN_SECRET_FIELD] !== undefined
        ? { [CHAIN_SECRET_FIELD]: stored.metadata[CHAIN_SECRET_FIELD] }
        : {};
    if (opensCommand && !this.runCommandOf(stored)) return;
    const derived = this.derived[this.next];
    if (derived === undefined) {
      this.diverge('the engine derives no event for the command this event belongs to', null, stored);
      return;
    }
    const expected = this.expectedAt(this.position, derived);
    this.next += 1;
    const comparable = { ...stored, metadata: withoutLinks(stored.metadata) };
    if (!sameValues(expected, comparable)) {
      // Only content known to have a canonical form is canonicalised (the caller's check, or this one).
      if (problem === undefined && !opensCommand && this.damaged(stored, storedEventProblem(stored))) return;
      if (canonical(expected) !== canonical(comparable)) {
        this.diverge(differenceOf(expected, stored), expected, stored);
        return;
      }
    }
    this.position += 1;
  }

  /** A divergence where the stored event is not of the vocabulary; false when there is no problem. */
  private damaged(stored: GameEventLine, problem: StoredEventProblem | null): boolean {
    if (problem === null) return false;
    // Content without a canonical form is not quoted: no JSON answer could hold it.
    this.diverge(`damaged event: ${problem.reason}`, null, problem.hashable ? stored : null);
    return true;
  }

  /** A stored event that cannot be read ends the re-simulation there: what it held cannot be compared. */
  damagedAt(revision: number, detail: string): void {
    if (this.divergence) return;
    this.position = revision;
    this.diverge(`damaged event: ${detail}`, null, null);
  }

  /** Call once the last stored event was pushed: a command cut short is a divergence too. */
  finish(): void {
    const derived = this.derived[this.next];
    if (this.divergence || derived === undefined) return;
    const expected = this.expectedAt(this.position, derived);
    this.diverge(
      `missing event: the stream ends, the engine derives more events for command ${String(expected.metadata.commandId)}`,
      expected,
      null,
    );
  }

  verdict(): ResimulationVerdict {
    return { identical: this.divergence === null, firstDivergence: this.divergence, commands: this.commands };
  }

  /** Starts the command the stored event opens; false (and a divergence) if it opens none, or the engine refuses. */
  private runCommandOf(stored: GameEventLine): boolean {
    let command: Command | null;
    try {
      command = inputCommandOf(stored);
    } catch (error) {
      this.diverge(`not an input event the engine can read: ${(error as Error).message}`, null, stored);
      return false;
    }
    if (command === null) {
      const after = this.commandOfDerived
        ? ` (the events of command ${this.commandOfDerived.metadata.commandId} end before it)`
        : '';
      this.diverge(`not derived: ${a(stored.type)} does not start a command${after}`, null, stored);
      return false;
    }
    try {
      // In place: the check owns its state, and a refusal ends the re-simulation anyway. A copy of the whole board
      // per command cost more than everything else together (7× under the 200,000 events/s target).
      const decision = execute(this.state, command, { inPlace: true });
      this.state = decision.state;
      this.derived = decision.events;
    } catch (error) {
      this.diverge(describeFailure(error), null, stored);
      return false;
    }
    this.next = 0;
    this.commands += 1;
    this.commandOfDerived = command;
    if (this.derived.length === 0) {
      this.diverge('the engine derives no event from this command', null, stored);
      return false;
    }
    return true;
  }

  private expectedAt(revision: number, event: DomainEvent): GameEventLine {
    return {
      revision,
      type: event.type,
      data: event.data,
      metadata: {
        ...(event.metadata as unknown as Record<string, unknown>),
        ...provenanceAt(this.provenance ?? null, revision),
        ...(revision === 0 ? this.chainSecret : {}),
      },
    };
  }

  private diverge(reason: string, expected: GameEventLine | null, found: GameEventLine | null): void {
    this.divergence = { revision: this.position, reason, expected, found };
    // The engine's state and events are no longer needed: a divergence ends the re-simulation.
    this.derived = [];
  }
}
