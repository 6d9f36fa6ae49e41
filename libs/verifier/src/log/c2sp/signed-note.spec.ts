import { createPrivateKey } from 'node:crypto';
import { ReceiptKeyRing, noteVerifierKeyOf } from '@app/games';
import { decodeBase64 } from './base64';
import { C2spFormatError } from './c2sp-format.error';
import { formatVerifierKey, parseVerifierKey } from './note-verifier-key';
import { openSignedNote } from './open-signed-note';
import { formatSignedNote, parseSignedNote } from './signed-note';
import { webNoteCrypto } from './web-note-crypto';

/**
 * The published test vectors of the signed-note format: golang.org/x/mod, sumdb/note/note_test.go (TestNewVerifier,
 * TestSign, TestOpen; the package Debian ships as golang-golang-x-mod-dev, and the reference of
 * c2sp.org/signed-note). Data only: the implementation is this repository's own.
 */
const PETER_SIGNER_KEY = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const PETER = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const ENOCH = 'EnochRoot+af0cfe78+ATtqJ7zOtqQtYqOo0CpvDXNlMhV3HeJDpjrASKGLWdop';
const TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const PETER_SIGNATURE =
  '— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';
const ENOCH_SIGNATURE =
  '— EnochRoot rwz+eBzmZa0SO3NbfRGzPCpDckykFXSdeX+MNtCOXm2/5n2tiOHp+vAF1aGrQ5ovTG01oOTGwnWLox33WWd1RvMc+QQ=\n';

/** The vector's signer key, `PRIVATE+KEY+<name>+<id>+base64(0x01 ‖ Ed25519 seed)`, as the key ring takes it. */
function peterKeyRing(): ReceiptKeyRing {
  // The base64 after the fourth `+` (it holds a `+` of its own).
  const seed = (decodeBase64(PETER_SIGNER_KEY.split('+').slice(4).join('+')) as Uint8Array).slice(1);
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  return new ReceiptKeyRing(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }));
}

const open = async (message: string, known: string[]) =>
  openSignedNote(message, await Promise.all(known.map((key) => parseVerifierKey(key, webNoteCrypto))), webNoteCrypto);

describe('C2SP signed notes, against the test vectors of golang.org/x/mod/sumdb/note', () => {
  it('the verifier key of the vector’s key under its name is the published one, byte for byte', () => {
    const ring = peterKeyRing();
    expect(formatVerifierKey(noteVerifierKeyOf('PeterNeumann', ring.signingPublicKey))).toBe(PETER);
  });

  it('signs the vector’s text into the published note, byte for byte (Ed25519 is deterministic)', () => {
    const ring = peterKeyRing();
    const key = noteVerifierKeyOf('PeterNeumann', ring.signingPublicKey);
    const signature = ring.signRaw(Buffer.from(TEXT, 'utf8'));
    expect(formatSignedNote({ text: TEXT, signatures: [{ ...key, signature }] })).toBe(`${TEXT}\n${PETER_SIGNATURE}`);
  });

  it('parses both published verifier keys; refuses every one-character change and shortening of one', async () => {
    expect(await parseVerifierKey(PETER, webNoteCrypto)).toMatchObject({ name: 'PeterNeumann', keyId: 0xc74f20a3 });
    expect(await parseVerifierKey(ENOCH, webNoteCrypto)).toMatchObject({ name: 'EnochRoot', keyId: 0xaf0cfe78 });
    const mangled = new Set<string>();
    for (let i = 0; i < PETER.length; i += 1) {
      mangled.add(PETER.slice(0, i) + String.fromCharCode(PETER.charCodeAt(i) + 1) + PETER.slice(i + 1));
      mangled.add(PETER.slice(0, i));
      mangled.add(PETER.slice(i + 1));
    }
    // From the vectors: a key of the wrong length, and an unknown algorithm, each with its key ID adjusted.
    mangled.add('PeterNeumann+cc469956+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TWBADKEY==');
    mangled.add('PeterNeumann+173116ae+ZRpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW');
    mangled.delete(PETER);
    const accepted: string[] = [];
    for (const key of mangled) {
      try {
        await parseVerifierKey(key, webNoteCrypto);
        accepted.push(key);
      } catch (error) {
        expect(error).toBeInstanceOf(C2spFormatError);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('opens the published notes as note.Open does: known keys verified, unknown ones set aside, none known refused', async () => {
    const both = `${TEXT}\n${PETER_SIGNATURE}${ENOCH_SIGNATURE}`;
    const byPeter = await open(both, [PETER]);
    expect(byPeter).toMatchObject({ valid: true, note: { text: TEXT } });
    if (!byPeter.valid) return;
    expect(byPeter.note.verifiedBy.map((key) => [key.name, key.keyId])).toEqual([['PeterNeumann', 0xc74f20a3]]);
    expect(byPeter.note.unknown.map((signature) => [signature.name, signature.keyId])).toEqual([
      ['EnochRoot', 0xaf0cfe78],
    ]);
    const byBoth = await open(both, [PETER, ENOCH]);
    expect(byBoth.valid && byBoth.note.verifiedBy.map((key) => key.name)).toEqual(['PeterNeumann', 'EnochRoot']);
    expect(await open(both, [])).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/no signature by a known key/),
    });
    expect(await open(both, [ENOCH, PETER, ENOCH])).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/twice/),
    });
    // A duplicated key not used by any signature is no matter.
    expect(await open(`${TEXT}\n${PETER_SIGNATURE}`, [ENOCH, PETER, ENOCH])).toMatchObject({ valid: true });
  });

  it('refuses a note whose known signature does not verify, and every malformed note of the vectors', async () => {
    const broken = `${TEXT}\n${PETER_SIGNATURE.slice(0, 60)}ABCD${PETER_SIGNATURE.slice(60)}`;
    expect(await open(broken, [PETER])).toMatchObject({
      valid: false,
      reason: 'the signature by key PeterNeumann+c74f20a3 does not verify',
    });
    // The same text changed by one character no longer carries the signature.
    expect(await open(`${TEXT.replace('problem,', 'problem;')}\n${PETER_SIGNATURE}`, [PETER])).toMatchObject({
      valid: false,
    });
    const malformed = [
      TEXT,
      `${TEXT}\n`,
      `${TEXT}\n${PETER_SIGNATURE.slice(0, -1)}`,
      `\u0001${TEXT}\n${PETER_SIGNATURE}`,
      `${TEXT}\n— Bad Name x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=`,
      `${TEXT}\n${PETER_SIGNATURE}Unexpected line.\n`,
      `${TEXT}\n${PETER_SIGNATURE.repeat(101)}`,
    ];
    for (const message of malformed) {
      expect(() => parseSignedNote(message)).toThrow(C2spFormatError);
      expect(await open(message, [PETER])).toMatchObject({ valid: false });
    }
    // Invalid UTF-8 (the vectors' "\xff" before the text).
    const bytes = Buffer.concat([Buffer.from([0xff]), Buffer.from(`${TEXT}\n${PETER_SIGNATURE}`)]);
    expect(() => parseSignedNote(bytes)).toThrow(/UTF-8/);
    expect(() => parseSignedNote(Buffer.from(`${TEXT}\n${PETER_SIGNATURE}`))).not.toThrow();
  });
});
