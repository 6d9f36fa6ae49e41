import { noteCryptoOf } from '../crypto/note-crypto.adapter';
import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { UnusableInputError } from '../files/unusable-input.error';
import { C2spFormatError } from '../log/c2sp/c2sp-format.error';
import { type NoteVerifierKey, parseVerifierKey } from '../log/c2sp/note-verifier-key';
import { ed25519KeysOfPem } from './ed25519-public-key';
import { keysById, keysOfPublished } from './published-keys';
import type { StatementKeys } from './statement-keys';

/** Public keys to check signatures against, and how verdicts name where they came from. */
export interface VerificationKeys {
  /** By key id: what receipts, heads and tree heads (JSON) are checked against. */
  keys: StatementKeys;
  /** The C2SP verifier keys the tournament log's checkpoints are opened with (none from PEM keys alone). */
  noteKeys: NoteVerifierKey[];
  /** `keys.json`, `the PEM given`: where the keys came from, in verdicts. */
  name: string;
}

/** A C2SP verifier key: `<name>+<8 hex digits>+<base64>`. */
export const VERIFIER_KEY = /^[^+\s]+\+[0-9a-fA-F]{8}\+[A-Za-z0-9+/=]+$/;

async function noteKeyOf(text: string, where: string, crypto: VerifierCrypto): Promise<NoteVerifierKey> {
  try {
    return await parseVerifierKey(text, noteCryptoOf(crypto));
  } catch (error) {
    if (error instanceof C2spFormatError) throw new UnusableInputError(`${where}: ${error.message}`);
    throw error;
  }
}

/** The `vkey` of each entry of a keys document (the service lists one per key); entries without one are skipped. */
async function noteKeysOfPublished(
  document: { keys?: unknown },
  where: string,
  crypto: VerifierCrypto,
): Promise<NoteVerifierKey[]> {
  const entries = Array.isArray(document.keys) ? (document.keys as { vkey?: unknown }[]) : [];
  const noteKeys: NoteVerifierKey[] = [];
  for (const [i, entry] of entries.entries()) {
    if (entry?.vkey === undefined) continue;
    if (typeof entry.vkey !== 'string') {
      throw new UnusableInputError(`${where}: keys[${i}].vkey must be a verifier key text`);
    }
    noteKeys.push(await noteKeyOf(entry.vkey, `${where}: keys[${i}].vkey`, crypto));
  }
  return noteKeys;
}

/**
 * The keys of a text: a `{"keys": [...]}` document (the service's, each key with its `vkey`), PEM public keys, or
 * C2SP verifier keys one a line — each of which is also the Ed25519 key that signs the JSON statements. `where`
 * names the text in errors (UnusableInputError) and, as `name`, in verdicts.
 */
export async function verificationKeysOfText(
  text: string,
  where: string,
  name: string = where,
  crypto: VerifierCrypto = platformCrypto,
): Promise<VerificationKeys> {
  if (text.trimStart().startsWith('{')) {
    let document: { keys?: unknown };
    try {
      document = JSON.parse(text) as { keys?: unknown };
    } catch (error) {
      throw new UnusableInputError(`${where}: not valid JSON: ${(error as Error).message}`);
    }
    return {
      keys: keysOfPublished(document, where, crypto),
      noteKeys: await noteKeysOfPublished(document, where, crypto),
      name,
    };
  }
  const lines = text.split('\n').map((line) => line.trim());
  if (!text.includes('-----BEGIN') && lines.some((line) => VERIFIER_KEY.test(line))) {
    const noteKeys = new Map<string, NoteVerifierKey>();
    for (const [i, line] of lines.entries()) {
      if (line !== '' && !noteKeys.has(line))
        noteKeys.set(line, await noteKeyOf(line, `${where}: line ${i + 1}`, crypto));
    }
    const listed = [...noteKeys.values()];
    return {
      keys: keysById(
        listed.map((key) => key.publicKey),
        crypto,
      ),
      noteKeys: listed,
      name,
    };
  }
  return { keys: keysById(ed25519KeysOfPem(text, where), crypto), noteKeys: [], name };
}
