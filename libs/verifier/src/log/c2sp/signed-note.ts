import { decodeBase64, encodeBase64 } from './base64';
import { C2spFormatError } from './c2sp-format.error';

/**
 * C2SP signed-note (c2sp.org/signed-note): a text ending in a newline, a blank line, then one line per signature,
 * `— <key name> <base64(4-byte key ID ‖ signature)>`. Only the encoding lives here: which keys are trusted, and
 * checking the signatures, is open-signed-note.ts.
 */

const SIGNATURE_LINE_PREFIX = '\u2014 ';

/**
 * More signatures than this and the note is refused (the spec asks for at least 16; Go's note package stops at
 * 100): a note is read before any of it is trusted.
 */
export const MAX_NOTE_SIGNATURES = 100;

export interface NoteSignature {
  /** The key name. */
  name: string;
  /** The 32-bit key ID, which the signature line carries as its first four bytes (big-endian). */
  keyId: number;
  /** The signature proper, after the key ID. */
  signature: Uint8Array;
}

export interface SignedNote {
  /** The signed text, its final newline included. */
  text: string;
  signatures: NoteSignature[];
}

/** Go's unicode.IsSpace: the Unicode separators and the ASCII and Latin-1 white space. */
const SPACE_OR_PLUS = /[\p{Z}\t\n\v\f\r\u0085+]/u;
/** Whether a text holds an ASCII control character other than the newline, which no note may hold. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x0a) return true;
  }
  return false;
}
/** A half of a surrogate pair alone: a string holding one has no UTF-8 encoding. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a key name is not one (non-empty, no Unicode spaces, no `+`), or null. */
export function keyNameProblem(name: string): string | null {
  if (name === '') return 'a key name must not be empty';
  if (SPACE_OR_PLUS.test(name)) return `the key name ${JSON.stringify(name)} holds a space or a +`;
  if (hasControlCharacter(name)) return `the key name ${JSON.stringify(name)} holds a control character`;
  return null;
}

/** Why a text cannot be a note's text (it must end in a newline and hold no control characters), or null. */
export function noteTextProblem(text: string): string | null {
  if (!text.endsWith('\n')) return 'a note’s text must end with a newline';
  if (hasControlCharacter(text)) return 'a note’s text must hold no control character but the newline';
  if (LONE_SURROGATE.test(text)) return 'a note’s text must be UTF-8 (it holds half a surrogate pair)';
  return null;
}

function keyIdBytes(keyId: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, keyId);
  return bytes;
}

export function formatSignatureLine({ name, keyId, signature }: NoteSignature): string {
  const problem = keyNameProblem(name);
  if (problem !== null) throw new C2spFormatError(problem);
  const bytes = new Uint8Array(4 + signature.length);
  bytes.set(keyIdBytes(keyId));
  bytes.set(signature, 4);
  return `${SIGNATURE_LINE_PREFIX}${name} ${encodeBase64(bytes)}\n`;
}

/** The note as it is sent and kept: its text, a blank line, its signature lines. */
export function formatSignedNote({ text, signatures }: SignedNote): string {
  const problem = noteTextProblem(text);
  if (problem !== null) throw new C2spFormatError(problem);
  if (signatures.length === 0) throw new C2spFormatError('a signed note needs at least one signature');
  return `${text}\n${signatures.map(formatSignatureLine).join('')}`;
}

function parseSignatureLine(line: string, number: number): NoteSignature {
  const where = `signature line ${number}`;
  if (!line.startsWith(SIGNATURE_LINE_PREFIX)) {
    throw new C2spFormatError(`${where} must start with an em dash and a space (— name signature)`);
  }
  const rest = line.slice(SIGNATURE_LINE_PREFIX.length);
  const space = rest.indexOf(' ');
  const name = space < 0 ? rest : rest.slice(0, space);
  const problem = keyNameProblem(name);
  if (problem !== null) throw new C2spFormatError(`${where}: ${problem}`);
  const bytes = space < 0 ? null : decodeBase64(rest.slice(space + 1));
  if (bytes === null || bytes.length < 5) {
    throw new C2spFormatError(`${where}: the signature must be base64 of a 4-byte key ID and a signature`);
  }
  return {
    name,
    keyId: new DataView(bytes.buffer, bytes.byteOffset).getUint32(0),
    signature: bytes.slice(4),
  };
}

/**
 * A signed note's text and signature lines, as written: nothing is verified (open-signed-note.ts does). Bytes are
 * decoded as UTF-8, and refused if they are not.
 */
export function parseSignedNote(message: string | Uint8Array): SignedNote {
  let note: string;
  if (typeof message === 'string') {
    if (LONE_SURROGATE.test(message)) throw new C2spFormatError('a signed note must be UTF-8');
    note = message;
  } else {
    try {
      note = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(message);
    } catch {
      throw new C2spFormatError('a signed note must be UTF-8');
    }
  }
  if (hasControlCharacter(note))
    throw new C2spFormatError('a signed note must hold no control character but the newline');
  // The text ends at the last blank line: the text itself may hold blank lines, the signatures none.
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new C2spFormatError('a signed note needs a blank line between its text and its signatures');
  const text = note.slice(0, split + 1);
  const block = note.slice(split + 2);
  if (block === '' || !block.endsWith('\n')) {
    throw new C2spFormatError('a signed note must end with signature lines, each ending with a newline');
  }
  const lines = block.slice(0, -1).split('\n');
  if (lines.length > MAX_NOTE_SIGNATURES) {
    throw new C2spFormatError(`a signed note may carry at most ${MAX_NOTE_SIGNATURES} signatures`);
  }
  return { text, signatures: lines.map((line, i) => parseSignatureLine(line, i + 1)) };
}
