import canonicalize from 'canonicalize';
import { keyIdOfPublicKey, keysById, signedBytes, statementKindOf, verifyStatementOfKind } from '@app/verifier';
import { ReceiptKeyRing } from './receipt-key-ring';
import { generateSigningKeyPem, keyIdOf, parseSigningKey } from './signing-key';
import { signStatement } from './statement-signing';

const ring = () => new ReceiptKeyRing(parseSigningKey(generateSigningKeyPem(), 'test'));

describe('signed statements (receipts, heads, tree heads)', () => {
  const keys = ring();
  const listed = keys.statementKeys();
  const receipt = signStatement(keys, { gameId: 'g', revision: 12, hash: 'a1'.repeat(32), commandId: 'red-1' });

  it('sign the RFC 8785 canonical JSON of every field but the signature, keyId included, deterministically', () => {
    const { signature: _signature, ...signed } = receipt;
    expect(new TextDecoder().decode(signedBytes(receipt))).toBe(canonicalize(signed));
    expect(Object.keys(receipt)).toEqual(['gameId', 'revision', 'hash', 'commandId', 'keyId', 'signature']);
    expect(receipt.keyId).toBe(keyIdOfPublicKey(listed.get(receipt.keyId) as Uint8Array));
    expect(receipt.keyId).toBe(keyIdOf(keys.signingPublicKey));
    expect(signStatement(keys, { gameId: 'g', revision: 12, hash: 'a1'.repeat(32), commandId: 'red-1' })).toEqual(
      receipt,
    );
    expect(verifyStatementOfKind(receipt, 'receipt', listed)).toEqual({ valid: true, keyId: receipt.keyId });
  });

  it('a receipt with any one bit of its JSON line flipped is not valid (or not JSON at all)', () => {
    const line = Buffer.from(JSON.stringify(receipt), 'utf8');
    let stillJson = 0;
    for (let bit = 0; bit < line.length * 8; bit += 1) {
      const flipped = Buffer.from(line);
      flipped[bit >> 3] ^= 1 << (bit & 7);
      let value: unknown;
      try {
        value = JSON.parse(flipped.toString('utf8'));
      } catch {
        continue;
      }
      stillJson += 1;
      const kind = statementKindOf(value as Record<string, unknown>);
      expect([bit, verifyStatementOfKind(value, kind, listed).valid]).toEqual([bit, false]);
    }
    expect(stillJson).toBeGreaterThan(line.length * 4);
  });

  it('names the field of a malformed statement, and a key that is not listed', () => {
    const { commandId: _commandId, ...headless } = receipt;
    expect(verifyStatementOfKind({ ...headless, hash: 'xyz' }, 'receipt', listed)).toEqual({
      valid: false,
      reason: 'commandId is missing; hash must be 64 lowercase hex digits',
    });
    expect(verifyStatementOfKind({ ...receipt, extra: 1 }, 'receipt', listed)).toMatchObject({
      reason: 'extra is not a field of a receipt',
    });
    expect(verifyStatementOfKind(receipt, 'receipt', ring().statementKeys())).toEqual({
      valid: false,
      reason: `key ${receipt.keyId} is not one of the listed keys`,
    });
    expect(verifyStatementOfKind(receipt, 'receipt', keysById([...listed.values()]))).toMatchObject({ valid: true });
  });

  it('[A] a receipt or head of an ended game carries its result, signed; a malformed result is named', () => {
    const result = { winner: 'red' as const, reason: 'resignation' as const, turn: 3 };
    const ended = signStatement(keys, { gameId: 'g', revision: 40, hash: 'b2'.repeat(32), commandId: 'c', result });
    expect(verifyStatementOfKind(ended, 'receipt', listed)).toEqual({ valid: true, keyId: ended.keyId });
    const head = signStatement(keys, { gameId: 'g', revision: 40, hash: 'b2'.repeat(32), result });
    expect(verifyStatementOfKind(head, 'game head', listed)).toMatchObject({ valid: true });
    // The result is signed: another winner breaks the signature.
    const forged = { ...ended, result: { ...result, winner: 'blue' } };
    expect(verifyStatementOfKind(forged, 'receipt', listed)).toMatchObject({ valid: false });
    expect(
      verifyStatementOfKind(
        { ...ended, result: { winner: 'green', reason: 'boredom', turn: -1, by: 1 } },
        'receipt',
        listed,
      ),
    ).toEqual({
      valid: false,
      reason:
        'result.by is not a field of a result; result.winner must be red, blue or null; result.reason must be one of ' +
        'resignation, adjudication, turn-limit; result.turn must be a whole number from 0',
    });
    expect(
      verifyStatementOfKind(
        { size: 1, root: 'c3'.repeat(32), result, keyId: 'k', signature: 's' },
        'tree head',
        listed,
      ),
    ).toMatchObject({
      reason: expect.stringContaining('result is not a field of a tree head'),
    });
  });
});
