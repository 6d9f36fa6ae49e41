import { createHmac, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import * as fc from 'fast-check';
import { hexOf } from '../encoding/byte-encodings';
import { ed25519KeysOfPem, keyIdOfPublicKey, spkiOfEd25519 } from '../keys/ed25519-public-key';
import { UnusableInputError } from '../files/unusable-input.error';
import { platformCrypto } from './platform-crypto';
import { portableCrypto } from './portable-crypto';

/**
 * The page runs the verifier on @noble's primitives, Node on its own: every formula above them is one, so the two
 * must answer alike on anything, valid or not (the verdicts of the three places are compared in test/verifier).
 */
describe('the verifier’s cryptography: Node’s and the portable one answer alike', () => {
  const bytes = fc.uint8Array({ maxLength: 300 });

  it('SHA-256 of texts and of bytes in parts, HMAC-SHA-256: the same digests, and Node’s HMAC as reference', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.array(bytes, { maxLength: 4 }), bytes, (text, parts, key) => {
        expect(portableCrypto.sha256Hex(text)).toBe(platformCrypto.sha256Hex(text));
        expect(hexOf(portableCrypto.sha256(...parts))).toBe(hexOf(platformCrypto.sha256(...parts)));
        const hmac = createHmac('sha256', key).update(text).digest('hex');
        expect([portableCrypto.hmacSha256Hex(key, text), platformCrypto.hmacSha256Hex(key, text)]).toEqual([
          hmac,
          hmac,
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it('Ed25519: a signature verifies in both, and fails in both once key, message or signature changes by a bit', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const raw = ed25519KeysOfPem(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'key')[0]!;
    fc.assert(
      fc.property(bytes, fc.nat(), fc.constantFrom('message', 'signature', 'key', 'none'), (message, bit, part) => {
        const signature = new Uint8Array(sign(null, message, privateKey));
        const flip = (of: Uint8Array) => {
          const copy = Uint8Array.from(of);
          if (copy.length > 0) copy[(bit >> 3) % copy.length]! ^= 1 << (bit & 7);
          return copy;
        };
        const args: [Uint8Array, Uint8Array, Uint8Array] = [
          part === 'key' ? flip(raw) : raw,
          part === 'message' ? flip(message) : message,
          part === 'signature' ? flip(signature) : signature,
        ];
        const expected = part === 'none' || (part === 'message' && message.length === 0);
        expect([part, portableCrypto.verifyEd25519(...args), platformCrypto.verifyEd25519(...args)]).toEqual([
          part,
          expected,
          expected,
        ]);
      }),
      { numRuns: 200 },
    );
    // Not a key at all, a signature of another length: no, in both.
    for (const crypto of [portableCrypto, platformCrypto]) {
      expect(crypto.verifyEd25519(new Uint8Array(32).fill(255), new Uint8Array(1), new Uint8Array(64))).toBe(false);
      expect(crypto.verifyEd25519(raw, new Uint8Array(1), new Uint8Array(63))).toBe(false);
    }
  });

  it('SPKI PEM read by hand: the key Node reads, its id from both, and other algorithms refused, naming the key', () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const [raw] = ed25519KeysOfPem(`${pem}\r\n${pem}`, 'keys.pem');
    expect(Buffer.from(spkiOfEd25519(raw!)).equals(publicKey.export({ type: 'spki', format: 'der' }))).toBe(true);
    expect(
      createPublicKey(pem).equals(
        createPublicKey({ key: Buffer.from(spkiOfEd25519(raw!)), format: 'der', type: 'spki' }),
      ),
    ).toBe(true);
    expect(keyIdOfPublicKey(raw!, portableCrypto)).toBe(keyIdOfPublicKey(raw!, platformCrypto));
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' });
    const x25519 = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'pem' });
    expect(() => ed25519KeysOfPem(`${pem}${rsa.toString()}`, 'keys.pem')).toThrow(
      'keys.pem: public key 2 is not an Ed25519 key',
    );
    expect(() => ed25519KeysOfPem(x25519.toString(), 'keys.pem')).toThrow(UnusableInputError);
    expect(() => ed25519KeysOfPem('nothing', 'keys.pem')).toThrow(
      /keys\.pem must hold Ed25519 public keys in SPKI PEM/,
    );
  });
});
