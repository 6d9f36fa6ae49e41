import { C2spFormatError } from './c2sp-format.error';
import type { NoteCrypto } from './note-crypto';
import { hexKeyId, type NoteVerifierKey } from './note-verifier-key';
import { type NoteSignature, type SignedNote, parseSignedNote } from './signed-note';

export interface OpenedNote {
  /** The signed text: trust it only as far as `verifiedBy`. */
  text: string;
  /** The known keys whose signatures verified, in the order of their lines. */
  verifiedBy: NoteVerifierKey[];
  /** Signatures by keys not among the known ones: ignored, as the spec requires (a witness's, a rotated key's). */
  unknown: NoteSignature[];
}

export type NoteVerdict = { valid: true; note: OpenedNote } | { valid: false; reason: string };

const named = ({ name, keyId }: { name: string; keyId: number }) => `${name}+${hexKeyId(keyId)}`;

/**
 * Opens a signed note with the known keys (c2sp.org/signed-note, "Signatures"): a signature line is by a known key
 * when both its key name and key ID match one; each such signature must verify (one that does not rejects the whole
 * note), and at least one must. Signatures by other keys are set aside, unchecked.
 */
export async function openSignedNote(
  message: string | Uint8Array,
  known: readonly NoteVerifierKey[],
  crypto: NoteCrypto,
): Promise<NoteVerdict> {
  let parsed: SignedNote;
  try {
    parsed = parseSignedNote(message);
  } catch (error) {
    if (error instanceof C2spFormatError) return { valid: false, reason: error.message };
    throw error;
  }
  const text = new TextEncoder().encode(parsed.text);
  const verifiedBy: NoteVerifierKey[] = [];
  const unknown: NoteSignature[] = [];
  for (const signature of parsed.signatures) {
    const keys = known.filter((key) => key.name === signature.name && key.keyId === signature.keyId);
    if (keys.length > 1) return { valid: false, reason: `the known keys list ${named(signature)} twice` };
    const [key] = keys;
    if (key === undefined) {
      unknown.push(signature);
    } else if (!verifiedBy.includes(key)) {
      if (!(await crypto.verifyEd25519(key.publicKey, text, signature.signature))) {
        return { valid: false, reason: `the signature by key ${named(key)} does not verify` };
      }
      verifiedBy.push(key);
    }
  }
  if (verifiedBy.length === 0) {
    const by = parsed.signatures.map(named).join(', ');
    const knownNames = known.length === 0 ? 'none' : known.map(named).join(', ');
    return { valid: false, reason: `no signature by a known key: signed by ${by}; known: ${knownNames}` };
  }
  return { valid: true, note: { text: parsed.text, verifiedBy, unknown } };
}
