import * as fc from 'fast-check';
import { EVENT_TYPES_OF_THE_VOCABULARY, type GameEventLine, chainEvent, chainSecretOf, genesisHash } from '@app/games';
import { DeepNesting, HugeNumber, isWritable, storedJson } from './unwritable-json';

/**
 * A forgery of a recorded game, as plain data (fast-check generates, prints and shrinks it): what is changed, where,
 * and whether the forger then computes every hash again from the change on (`rechained`), as someone with the store
 * and the chain secret in it can. Indexes are taken modulo what the game has.
 */
export type Tampering =
  | { kind: 'value'; at: number; part: Part; path: number; value: unknown; rechained: boolean }
  | { kind: 'type-renamed'; at: number; type: number; rechained: boolean }
  | { kind: 'field-removed'; at: number; part: Part; path: number; rechained: boolean }
  | { kind: 'field-added'; at: number; part: Part; path: number; name: string; value: unknown; rechained: boolean }
  | { kind: 'event-removed'; at: number; rechained: boolean }
  | { kind: 'event-duplicated'; at: number; over: number; rechained: boolean }
  | { kind: 'events-swapped'; at: number; with: number; rechained: boolean }
  | { kind: 'event-moved'; at: number; to: number; rechained: boolean }
  | { kind: 'truncated'; at: number }
  | { kind: 'absurd-number'; at: number; part: Part; path: number; negative: boolean; rechained: boolean }
  | { kind: 'deep-nesting'; at: number; part: Part; path: number; depth: number; rechained: boolean }
  | { kind: 'setup-edited'; path: number; value: unknown; rechained: boolean };

export type Part = 'data' | 'metadata';

/** A forged game: its events, and the first revision (index) where it differs from the original. */
export interface TamperedGame {
  events: GameEventLine[];
  firstChanged: number;
  /** Whether the chain was computed again over the change (or cannot show it: a cut end). */
  chainHidesIt: boolean;
}

type Key = string | number;
type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

/** Every path under a value (itself excluded), containers and leaves alike, in a fixed order. */
function pathsUnder(value: unknown, prefix: Key[] = [], out: Key[][] = []): Key[][] {
  if (!isContainer(value)) return out;
  const entries: [Key, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    const path = [...prefix, key];
    out.push(path);
    pathsUnder(item, path, out);
  }
  return out;
}

/** Paths to objects (where a field can be added), the root included. */
function objectPaths(value: unknown): Key[][] {
  return [[], ...pathsUnder(value)].filter((path) => {
    const found = get(value, path);
    return isContainer(found) && !Array.isArray(found);
  });
}

function get(value: unknown, path: Key[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (isContainer(node) ? (node as Record<Key, unknown>)[key] : undefined),
    value,
  );
}

function pick<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

/** A deep copy that keeps the unwritable markers as they are. */
function copy<T>(value: T): T {
  if (value instanceof HugeNumber || value instanceof DeepNesting) return value;
  if (Array.isArray(value)) return value.map((item) => copy(item) as unknown) as T;
  if (isContainer(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item)])) as T;
  }
  return value;
}

/** Replaces (or, with `remove`, deletes) what is at `path` of `root`, which is changed. */
function setAt(root: Container, path: Key[], value: unknown, remove = false): void {
  const parent = get(root, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (!isContainer(parent)) return;
  if (remove && Array.isArray(parent)) parent.splice(Number(key), 1);
  else if (remove) delete (parent as Record<string, unknown>)[String(key)];
  else (parent as Record<Key, unknown>)[key] = value;
}

function editPart(events: GameEventLine[], at: number, part: Part, edit: (root: Container) => void): void {
  const event = events[at];
  if (event === undefined) return;
  const root = event[part];
  if (isContainer(root)) edit(root);
}

/** Links the events from `from` on as the service would, renumbering revisions: a forger who hides the change. */
function rechain(events: GameEventLine[], from: number): GameEventLine[] {
  const out = events.slice(0, from);
  let previous: string | undefined = from === 0 ? undefined : (out[from - 1]?.metadata.hash as string | undefined);
  for (let i = from; i < events.length; i += 1) {
    const event = { ...events[i]!, revision: i };
    if (i === 0) previous = genesisHash(String(event.metadata.gameId), chainSecretOf(event.metadata) ?? undefined);
    const hashable = previous !== undefined && isWritable(event.data) && isWritable(event.metadata);
    if (!hashable) {
      // No canonical form to hash: the forger leaves the links as they were.
      out.push(event);
      previous = event.metadata.hash as string | undefined;
      continue;
    }
    const { prevHash: _p, hash: _h, ...metadata } = event.metadata;
    const linked = chainEvent(previous!, { ...event, metadata });
    out.push(linked);
    previous = linked.metadata.hash;
  }
  return out;
}

/** The stored text of each original event, written once per game (every forgery is compared with it). */
const originalTexts = new WeakMap<readonly GameEventLine[], string[]>();

function firstDifference(original: readonly GameEventLine[], tampered: GameEventLine[]): number | null {
  let texts = originalTexts.get(original);
  if (texts === undefined) {
    texts = original.map((event) => storedJson(event));
    originalTexts.set(original, texts);
  }
  const length = Math.min(original.length, tampered.length);
  for (let i = 0; i < length; i += 1) {
    const event = tampered[i]!;
    // Events the forgery left alone are the very objects of the copy: only a changed one needs writing out.
    if (storedJson(event) !== texts[i]) return i;
  }
  return original.length === tampered.length ? null : length;
}

/** The forged game a tampering makes of the original (which is left as it was); null when it changes nothing. */
export function tamper(original: readonly GameEventLine[], tampering: Tampering): TamperedGame | null {
  // The original holds only what JSON holds: a structured clone copies it fast.
  const events = structuredClone([...original]);
  const n = events.length;
  const index = (i: number): number => i % n;
  switch (tampering.kind) {
    case 'value':
      editPart(events, index(tampering.at), tampering.part, (root) => {
        const path = pick(pathsUnder(root), tampering.path);
        if (path) setAt(root, path, copy(tampering.value));
      });
      break;
    case 'absurd-number':
    case 'deep-nesting':
      editPart(events, index(tampering.at), tampering.part, (root) => {
        const path = pick(pathsUnder(root), tampering.path);
        const value =
          tampering.kind === 'absurd-number' ? new HugeNumber(tampering.negative) : new DeepNesting(tampering.depth);
        if (path) setAt(root, path, value);
      });
      break;
    case 'field-removed':
      editPart(events, index(tampering.at), tampering.part, (root) => {
        const path = pick(pathsUnder(root), tampering.path);
        if (path) setAt(root, path, undefined, true);
      });
      break;
    case 'field-added':
      editPart(events, index(tampering.at), tampering.part, (root) => {
        const path = pick(objectPaths(root), tampering.path);
        if (path) setAt(root, [...path, tampering.name], copy(tampering.value));
      });
      break;
    case 'type-renamed': {
      const event = events[index(tampering.at)]!;
      event.type = pick(EVENT_TYPES_OF_THE_VOCABULARY, tampering.type)!;
      break;
    }
    case 'setup-edited':
      editPart(events, 0, 'data', (root) => {
        const path = pick(pathsUnder(root), tampering.path);
        if (path) setAt(root, path, copy(tampering.value));
      });
      break;
    case 'event-removed':
      events.splice(index(tampering.at), 1);
      break;
    case 'event-duplicated': {
      const [from, over] = [index(tampering.at), index(tampering.over)];
      events[over] = { ...copy(events[from]!), revision: events[over]!.revision };
      break;
    }
    case 'events-swapped': {
      const [a, b] = [index(tampering.at), index(tampering.with)];
      const [first, second] = [events[a]!, events[b]!];
      events[a] = { ...second, revision: first.revision };
      events[b] = { ...first, revision: second.revision };
      break;
    }
    case 'event-moved': {
      const [from, to] = [index(tampering.at), index(tampering.to)];
      const revisions = events.map((event) => event.revision);
      const [moved] = events.splice(from, 1);
      events.splice(to, 0, moved!);
      events.forEach((event, i) => (event.revision = revisions[i]!));
      break;
    }
    case 'truncated':
      events.splice(index(tampering.at));
      break;
  }
  const changedAt = firstDifference(original, events);
  if (changedAt === null) return null;
  const rechained = tampering.kind !== 'truncated' && tampering.rechained;
  const forged = rechained ? rechain(events, changedAt) : events;
  // Linking again may undo the change (an edited link is computed anew): what counts is what is left.
  const firstChanged = firstDifference(original, forged);
  if (firstChanged === null) return null;
  // A game cut short ends in a chain that holds: only what its players kept can tell.
  const cut = forged.length < original.length && firstChanged === forged.length;
  return { events: forged, firstChanged, chainHidesIt: rechained || cut };
}

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 12 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constantFrom('b-archer', 'r-mage', 'minion.7', 'red', 'blue', 'neutral', 'D4', 'combat'),
);

const part = fc.constantFrom<Part>('data', 'metadata');
const at = fc.nat();
const rechained = fc.boolean();

/** Every class of forgery the audit must find out or the receipts must catch, each also re-chained. */
export const tampering: fc.Arbitrary<Tampering> = fc.oneof(
  fc.record({ kind: fc.constant('value' as const), at, part, path: fc.nat(), value: anyJson, rechained }),
  fc.record({ kind: fc.constant('type-renamed' as const), at, type: fc.nat(), rechained }),
  fc.record({ kind: fc.constant('field-removed' as const), at, part, path: fc.nat(), rechained }),
  fc.record({
    kind: fc.constant('field-added' as const),
    at,
    part,
    path: fc.nat(),
    name: fc.string({ minLength: 1, maxLength: 8 }),
    value: anyJson,
    rechained,
  }),
  fc.record({ kind: fc.constant('event-removed' as const), at, rechained }),
  fc.record({ kind: fc.constant('event-duplicated' as const), at, over: fc.nat(), rechained }),
  fc.record({ kind: fc.constant('events-swapped' as const), at, with: fc.nat(), rechained }),
  fc.record({ kind: fc.constant('event-moved' as const), at, to: fc.nat(), rechained }),
  fc.record({ kind: fc.constant('truncated' as const), at }),
  fc.record({
    kind: fc.constant('absurd-number' as const),
    at,
    part,
    path: fc.nat(),
    negative: fc.boolean(),
    rechained,
  }),
  fc.record({
    kind: fc.constant('deep-nesting' as const),
    at,
    part,
    path: fc.nat(),
    depth: fc.constantFrom(100, 5_000, 200_000),
    rechained,
  }),
  fc.record({ kind: fc.constant('setup-edited' as const), path: fc.nat(), value: anyJson, rechained }),
);
