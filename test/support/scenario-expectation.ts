/**
 * The expectation checker of a scenario's `.expect.json` (each expected event found in the printed lines), usable by any
 * suite that has a run's exit code and stdout. It knows nothing of the engine: only printed event lines.
 */

/** `{type, data?}`: matches an event of that type whose data holds every field given (partially, deeply). */
export interface EventPattern {
  type: string;
  data?: unknown;
}

export interface CountPattern extends EventPattern {
  n: number;
}

/** A `*.expect.json` file. `rule` and `why` are for people; they are not checked. */
export interface ScenarioExpectation {
  rule?: string[];
  why?: string;
  sequence?: EventPattern[];
  absent?: EventPattern[];
  count?: CountPattern[];
  rejected?: boolean;
}

/** An event line as `simulate` prints it. */
export interface PrintedEvent {
  revision?: number;
  type: string;
  data?: unknown;
  metadata?: unknown;
}

/** What a run of `simulate` left behind. */
export interface SimulateRun {
  exitCode: number | null;
  stdout: string;
  stderr?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The events of a run, in the order printed; lines that are not JSON objects with a `type` are ignored. */
export function parseEventLines(stdout: string): PrintedEvent[] {
  const events: PrintedEvent[] = [];
  for (const line of stdout.split('\n')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      continue;
    }
    if (isObject(parsed) && typeof parsed.type === 'string') events.push(parsed as unknown as PrintedEvent);
  }
  return events;
}

/**
 * Does `actual` match `expected`? Objects match partially (fields left out are not checked), arrays need the
 * same length and every element to match, `null` also matches a missing field, anything else must be equal.
 */
export function matchesValue(expected: unknown, actual: unknown): boolean {
  if (expected === null) return actual === null || actual === undefined;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((element, i) => matchesValue(element, actual[i]))
    );
  }
  if (isObject(expected)) {
    return isObject(actual) && Object.entries(expected).every(([key, value]) => matchesValue(value, actual[key]));
  }
  return expected === actual;
}

/** A pattern matches an event of its type; leaving out `data` matches any event of that type. */
export function matchesPattern(pattern: EventPattern, event: PrintedEvent): boolean {
  if (pattern.type !== event.type) return false;
  return pattern.data === undefined || matchesValue(pattern.data, event.data);
}

/** The revision an event was printed with, or its position when it has none. */
function revisionOf(events: readonly PrintedEvent[], index: number): number {
  const revision = events[index].revision;
  return typeof revision === 'number' ? revision : index;
}

function show(pattern: EventPattern): string {
  return JSON.stringify({ type: pattern.type, ...(pattern.data === undefined ? {} : { data: pattern.data }) });
}

/** `sequence`: the patterns match events in this order, other events in between (a subsequence). */
function checkSequence(patterns: readonly EventPattern[], events: readonly PrintedEvent[]): string | null {
  // Taking the earliest match for each item is enough: it leaves the most room for the items after it.
  let from = 0;
  for (const [i, pattern] of patterns.entries()) {
    let found = -1;
    for (let e = from; e < events.length; e++) {
      if (matchesPattern(pattern, events[e])) {
        found = e;
        break;
      }
    }
    if (found < 0) {
      const where =
        from === 0 ? `in the ${events.length} events printed` : `after revision ${revisionOf(events, from - 1)}`;
      return `sequence item ${i + 1} ${show(pattern)} not found ${where}`;
    }
    from = found + 1;
  }
  return null;
}

/** `absent`: no event matches any of these patterns. */
function checkAbsent(patterns: readonly EventPattern[], events: readonly PrintedEvent[]): string | null {
  for (const [i, pattern] of patterns.entries()) {
    const found = events.findIndex((event) => matchesPattern(pattern, event));
    if (found >= 0) return `absent item ${i + 1} ${show(pattern)} matched revision ${revisionOf(events, found)}`;
  }
  return null;
}

/** `count`: exactly `n` events match the pattern. */
function checkCount(patterns: readonly CountPattern[], events: readonly PrintedEvent[]): string | null {
  for (const [i, pattern] of patterns.entries()) {
    const matched = events
      .map((event, e) => (matchesPattern(pattern, event) ? revisionOf(events, e) : null))
      .filter((revision): revision is number => revision !== null);
    if (matched.length !== pattern.n) {
      const revisions = matched.length > 0 ? ` (revisions ${matched.join(', ')})` : '';
      return `count item ${i + 1} ${show(pattern)} expected ${pattern.n}, found ${matched.length}${revisions}`;
    }
  }
  return null;
}

/** `rejected: true`: the run exits non-zero; otherwise it exits 0. */
function checkExit(rejected: boolean, run: SimulateRun): string | null {
  if (rejected && run.exitCode === 0) return 'expected the run to fail on a rejected order, but it exited 0';
  if (!rejected && run.exitCode !== 0) {
    const reason = (run.stderr ?? '').trim().split('\n')[0];
    return `expected the run to exit 0, but it exited ${String(run.exitCode)}${reason ? `: ${reason}` : ''}`;
  }
  return null;
}

/** A malformed expectation is the test author's mistake, not a failed run: it throws. */
function assertWellFormed(expectation: ScenarioExpectation): void {
  const lists = { sequence: expectation.sequence, absent: expectation.absent, count: expectation.count };
  for (const [name, list] of Object.entries(lists)) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new TypeError(`expectation: ${name} must be a list of patterns`);
    list.forEach((pattern: unknown, i) => {
      if (!isObject(pattern) || typeof pattern.type !== 'string') {
        throw new TypeError(`expectation: ${name} item ${i + 1} needs a "type"`);
      }
      if (name === 'count' && (typeof pattern.n !== 'number' || !Number.isInteger(pattern.n) || pattern.n < 0)) {
        throw new TypeError(`expectation: count item ${i + 1} needs "n", a whole number`);
      }
    });
  }
  if (expectation.rejected !== undefined && typeof expectation.rejected !== 'boolean') {
    throw new TypeError('expectation: rejected must be true or false');
  }
}

/**
 * Checks a run against an expectation and returns the first failure in the words of docs/testing.md ("Expectation files"), or null when the
 * run meets it. Checked in this order: exit status, sequence, absent, count.
 */
export function checkExpectation(expectation: ScenarioExpectation, run: SimulateRun): string | null {
  assertWellFormed(expectation);
  const events = parseEventLines(run.stdout);
  return (
    checkExit(expectation.rejected ?? false, run) ??
    checkSequence(expectation.sequence ?? [], events) ??
    checkAbsent(expectation.absent ?? [], events) ??
    checkCount(expectation.count ?? [], events)
  );
}
