import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { canonicalJson } from './canonical-json';

/** Every stored hash depends on canonical JSON: the hand-written one must match the package byte for byte. */
describe('canonicalJson', () => {
  it('matches the canonicalize package on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches it on strings that need escaping, and on unusual keys', () => {
    const texts = ['"', '\\', '\n', '\u0000', '\u001f', '\u007f', '\u2028', '\ud83d\ude00', '\ud800', 'é', ''];
    for (const text of texts) {
      expect(canonicalJson(text)).toBe(canonicalize(text));
      expect(canonicalJson({ [text]: text, b: [text] })).toBe(canonicalize({ [text]: text, b: [text] }));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => expect(canonicalJson(text)).toBe(canonicalize(text))),
    );
  });

  it('matches it on what JSON leaves out or turns into null, and on toJSON', () => {
    const values: unknown[] = [
      undefined,
      -0,
      1e21,
      5e-324,
      [undefined, Symbol('s'), () => 1],
      { a: undefined, b: Symbol('s'), c: () => 1, d: 1 },
      new Date(0),
      { when: new Date(0), nested: { toJSON: () => ({ z: 1, a: 2 }) } },
    ];
    for (const value of values) expect(canonicalJson(value)).toBe(canonicalize(value));
  });

  it('refuses what the package refuses', () => {
    for (const value of [NaN, Infinity, -Infinity, { a: NaN }, [Infinity]]) {
      expect(() => canonicalJson(value)).toThrow(/not allowed/);
    }
    expect(() => canonicalJson(1n)).toThrow(TypeError);
  });
});
