import type { ReceiptKeyRing } from '../receipts/receipt-key-ring';
import {
  type Checkpoint,
  formatCheckpoint,
  formatSignedNote,
  formatVerifierKey,
  type NoteVerifierKey,
} from '@app/verifier';
import { noteVerifierKeyOf } from './ed25519-note-key';

/**
 * The tournament log's checkpoints as C2SP signed notes: signed with the service's signing key (the one receipts
 * and heads are signed with), under a key name that is the log's origin, as tlog-checkpoint asks. Every key the
 * service lists — retired ones too — has its verifier key under that name, so a checkpoint kept from before a
 * rotation still opens.
 */
export class CheckpointSigner {
  /** By the key's JSON id (`keyId` of /.well-known/sanctum-keys), the signing key first. */
  private readonly noteKeys: Map<string, NoteVerifierKey>;
  private readonly signing: NoteVerifierKey;

  constructor(
    private readonly keys: ReceiptKeyRing,
    readonly origin: string,
  ) {
    this.noteKeys = new Map([...keys.publicKeys()].map(([keyId, key]) => [keyId, noteVerifierKeyOf(origin, key)]));
    this.signing = noteVerifierKeyOf(origin, keys.signingPublicKey);
  }

  /** The checkpoint's text, a blank line and the signature line: byte for byte the same for the same tree head. */
  sign(checkpoint: Omit<Checkpoint, 'origin' | 'extensions'>): string {
    const text = formatCheckpoint({ ...checkpoint, origin: this.origin, extensions: [] });
    const signature = this.keys.signRaw(Buffer.from(text, 'utf8'));
    return formatSignedNote({ text, signatures: [{ name: this.origin, keyId: this.signing.keyId, signature }] });
  }

  /** Each listed key's verifier key text (`name+hex key ID+base64`), by its JSON key id. */
  verifierKeys(): Map<string, string> {
    return new Map([...this.noteKeys].map(([keyId, key]) => [keyId, formatVerifierKey(key)]));
  }
}
