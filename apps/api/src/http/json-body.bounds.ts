import { SETUP_LIMITS } from '@app/rules';
import { MAX_JSON_DEPTH } from '@app/games';

/**
 * How large a JSON body may be in shape, whatever its bytes, checked on its text before it is parsed or validated:
 * class-transformer's and class-validator's cost grows faster than the number of keys of an object (a body of tens
 * of thousands of unknown keys held the event loop for seconds), so what they are given is bounded by what a legal
 * body needs.
 */
export interface JsonBodyBounds {
  /** Nesting of objects and lists. */
  depth: number;
  /** Fields of any one object. */
  keysPerObject: number;
  /** Entries of any one list. */
  entriesPerList: number;
  /** Values in the whole body: every field's and every list entry's. */
  values: number;
}

/**
 * `POST /games`: the largest set-up must fit. No object of a set-up has more than SETUP_LIMITS.spells fields (the
 * spells by key); the longest list is a deck; and a set-up is at most SETUP_LIMITS.setupBytes characters of JSON,
 * in which each value takes two at least (itself and a separator), hence the values (with the body and `gameId`).
 */
export const SET_UP_BODY_BOUNDS: JsonBodyBounds = {
  depth: MAX_JSON_DEPTH,
  keysPerObject: 256,
  entriesPerList: SETUP_LIMITS.deck,
  values: SETUP_LIMITS.setupBytes / 2 + 2,
};

/** Every other body (an order, a confirmation, a fork): a handful of fields, two levels deep. */
export const COMMAND_BODY_BOUNDS: JsonBodyBounds = {
  depth: 8,
  keysPerObject: 16,
  entriesPerList: 16,
  values: 64,
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;

/** An object or a list the scan is inside, and where its current entry is. */
interface Container {
  isObject: boolean;
  /** Entries so far (the current one included). */
  entries: number;
  /** An object's current key, as the JSON string between these offsets (quotes included). */
  keyStart: number;
  keyEnd: number;
  expectingKey: boolean;
}

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The path of the value the first `depth` containers lead to (`board.groups[3]`), as problems name fields. */
function pathOf(bytes: Buffer, containers: readonly Container[], depth: number): string {
  let path = '';
  for (const { isObject, entries, keyStart, keyEnd } of containers.slice(0, depth)) {
    if (!isObject) {
      path += `[${entries - 1}]`;
      continue;
    }
    let key: string;
    try {
      key = JSON.parse(bytes.toString('utf8', keyStart, keyEnd)) as string;
    } catch {
      key = '?';
    }
    path += path === '' ? key : `.${key}`;
  }
  return path === '' ? '(request)' : path;
}

/** The offset of the quote that ends the string opened at `start` (the text's length if none does). */
function endOfString(bytes: Buffer, start: number): number {
  let end = start;
  for (;;) {
    end = bytes.indexOf(QUOTE, end + 1);
    if (end === -1) return bytes.length;
    let backslashes = 0;
    while (bytes[end - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
  }
}

/**
 * The first bound the JSON text breaks, as `path message` (null: none), found by one pass over its bytes (UTF-8),
 * before the text is parsed: JSON.parse itself takes longer than a request may hold the event loop on some bodies
 * within BODY_LIMIT (deeply nested lists, objects of tens of thousands of keys). It stops at the first problem,
 * so a body past its bounds costs less than one within them. It does not check that the text is JSON: the parser
 * does that next (on text that is not, a bound may be reported first).
 */
export function jsonTextBoundsProblem(text: Buffer | string, bounds: JsonBodyBounds): string | null {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const containers: Container[] = [];
  let values = 1;
  for (let i = 0; i < bytes.length; i += 1) {
    const code = bytes[i] ?? 0;
    if (isWhitespace(code) || code === COLON) continue;
    if (code === CLOSE_OBJECT || code === CLOSE_LIST) {
      containers.pop();
      continue;
    }
    const top = containers[containers.length - 1];
    // A new entry of `top`: the comma before it, or the first token inside it.
    if (top !== undefined && (code === COMMA || top.entries === 0)) {
      top.entries += 1;
      if (code === COMMA) top.expectingKey = top.isObject;
      const most = top.isObject ? bounds.keysPerObject : bounds.entriesPerList;
      if (top.entries > most) {
        const what = top.isObject ? 'fields an object' : 'entries a list';
        return `${pathOf(bytes, containers, containers.length - 1)} has more than the ${most} ${what} of this request may have`;
      }
      values += 1;
      if (values > bounds.values) return `(request) holds more than the ${bounds.values} values this request may have`;
    }
    if (code === QUOTE) {
      const end = endOfString(bytes, i);
      if (top?.expectingKey) {
        top.keyStart = i;
        top.keyEnd = end + 1;
        top.expectingKey = false;
      }
      i = end;
    } else if (code === OPEN_OBJECT || code === OPEN_LIST) {
      if (containers.length >= bounds.depth) {
        return `${pathOf(bytes, containers, containers.length)} nests deeper than ${bounds.depth} levels`;
      }
      const isObject = code === OPEN_OBJECT;
      containers.push({ isObject, entries: 0, keyStart: 0, keyEnd: 0, expectingKey: isObject });
    }
  }
  return null;
}
