import { decodeBase64, encodeBase64 } from './base64';
import { C2spFormatError } from './c2sp-format.error';
import { parseSignedNote } from './signed-note';
import { formatCheckpoint, parseCheckpoint } from './tlog-checkpoint';
import { formatTlogConsistency, parseTlogConsistency } from './tlog-consistency';
import { formatTlogProof, parseTlogProof } from './tlog-proof';

/** The examples of the C2SP specifications (c2sp.org/tlog-checkpoint, tlog-proof, tlog-witness), as published. */
const CHECKPOINT_EXAMPLE =
  'example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n\n' +
  '— example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=\n';
const PROOF_EXAMPLE_HEAD = [
  'c2sp.org/tlog-proof@v1',
  'extra YWdlLXYxLjIuMS1kYXJ3aW4tYXJtNjQudGFyLmd6kYXJ3aW4tYXJ',
  'index 73894',
  'gSKyXoYZUgZ6jduWYrkDOARinOMGJveXjgMkBTcdPlQ=',
  'B95lDa8R83lS8n0eG+o0buTxRKQTYFi//1U8anccXmA=',
  'EKNzoDWG8LGC0Yp9o+sv3qllpMP9uHQ9B20KNL+Q1zs=',
  'RoopEkOdqkYqMB4MJXrbt/hMjOxsVn0IrWjpz1ZMMes=',
  'AHCioX9nLjsrse6YhjRRmk1WUEirVOLLRoOQ6vfO5vk=',
  '',
  '',
].join('\n');
const WITNESS_EXAMPLE_HEAD = [
  'old 20852014',
  'PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=',
  'jrJZDmY8Y7SyJE0MWLpLozkIVMSMZcD5kvuKxPC3swk=',
  '5+pKlUdi2LeF/BcMHBn+Ku6yhPGNCswZZD1X/6QgPd8=',
  '/6WVhPs2CwSsb5rYBH5cjHV/wSmA79abXAwhXw3Kj/0=',
  '',
  '',
].join('\n');

const hash = (byte: number) => new Uint8Array(32).fill(byte);
const hex = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('hex');

describe('C2SP tlog formats', () => {
  it('reads the tlog-checkpoint example: origin, size, root, and its signature line', () => {
    const note = parseSignedNote(CHECKPOINT_EXAMPLE);
    expect(note.signatures.map(({ name, keyId, signature }) => [name, keyId, signature.length])).toEqual([
      ['example.com/behind-the-sofa', 0x033de0ae, 64],
    ]);
    const checkpoint = parseCheckpoint(note.text);
    expect({ ...checkpoint, rootHash: hex(checkpoint.rootHash) }).toEqual({
      origin: 'example.com/behind-the-sofa',
      size: 20852163,
      rootHash: '0ac5186a91863e8e1d90c808014aa89bf5da8e3ee1d9f07630f0378f68f1ab62',
      extensions: [],
    });
    expect(formatCheckpoint(checkpoint)).toBe(note.text);
  });

  it('writes a checkpoint as three lines; refuses what is not one, naming the line', () => {
    expect(formatCheckpoint({ origin: 'cup.example/log', size: 0, rootHash: hash(1), extensions: [] })).toBe(
      `cup.example/log\n0\n${encodeBase64(hash(1))}\n`,
    );
    const root = encodeBase64(hash(1));
    const refused: [string, RegExp][] = [
      [`o\n012\n${root}\n`, /line 2: the tree size must be a decimal/],
      [`o\n-1\n${root}\n`, /line 2/],
      [`o\n9007199254740993\n${root}\n`, /line 2/],
      [`o\n1\n${encodeBase64(new Uint8Array(31))}\n`, /line 3: the root hash must be base64 of 32 bytes/],
      [`o\n1\n${root}`, /must end with a newline/],
      [`\n1\n${root}\n`, /line 1: the origin must not be empty/],
      [`o\n1\n${root}\n\nx\n`, /line 4: an extension line must not be empty/],
    ];
    for (const [text, reason] of refused) expect(() => parseCheckpoint(text)).toThrow(reason);
    expect(() => formatCheckpoint({ origin: 'a cup', size: 1, rootHash: hash(1), extensions: [] })).toThrow(
      C2spFormatError,
    );
  });

  it('reads the tlog-proof example up to its checkpoint, which it keeps verbatim; writes what it reads', () => {
    const proof = parseTlogProof(PROOF_EXAMPLE_HEAD + CHECKPOINT_EXAMPLE);
    expect(proof.index).toBe(73894);
    expect(proof.hashes.map((node) => encodeBase64(node))).toEqual(PROOF_EXAMPLE_HEAD.split('\n').slice(3, 8));
    expect(encodeBase64(proof.extra as Uint8Array)).toBe('YWdlLXYxLjIuMS1kYXJ3aW4tYXJtNjQudGFyLmd6kYXJ3aW4tYXJ');
    expect(proof.checkpoint).toBe(CHECKPOINT_EXAMPLE);
    expect(formatTlogProof(proof)).toBe(PROOF_EXAMPLE_HEAD + CHECKPOINT_EXAMPLE);
    const bare = { index: 0, hashes: [], checkpoint: CHECKPOINT_EXAMPLE };
    expect(formatTlogProof(bare)).toBe(`c2sp.org/tlog-proof@v1\nindex 0\n\n${CHECKPOINT_EXAMPLE}`);
    expect(parseTlogProof(formatTlogProof(bare))).toEqual(bare);
  });

  it('refuses a tlog-proof that is not one, naming the line', () => {
    const refused: [string, RegExp][] = [
      [`c2sp.org/tlog-proof@v2\nindex 0\n\n`, /line 1 must be c2sp.org\/tlog-proof@v1/],
      [`c2sp.org/tlog-proof@v1\nextra !!\nindex 0\n\n`, /line 2: the extra data must be base64/],
      [`c2sp.org/tlog-proof@v1\nindex 01\n\n`, /line 2: must be "index"/],
      [`c2sp.org/tlog-proof@v1\nindex 1\n${encodeBase64(hash(1))}x\n\n`, /line 3: a proof hash/],
      [`c2sp.org/tlog-proof@v1\nindex 1\n${encodeBase64(hash(1))}\n`, /needs an empty line/],
    ];
    for (const [text, reason] of refused) expect(() => parseTlogProof(text)).toThrow(reason);
  });

  it('reads the tlog-witness request example as a consistency proof to its checkpoint; writes what it reads', () => {
    const consistency = parseTlogConsistency(WITNESS_EXAMPLE_HEAD + CHECKPOINT_EXAMPLE);
    expect(consistency.oldSize).toBe(20852014);
    expect(consistency.hashes.map((node) => encodeBase64(node))).toEqual(WITNESS_EXAMPLE_HEAD.split('\n').slice(1, 5));
    expect(consistency.checkpoint).toBe(CHECKPOINT_EXAMPLE);
    expect(formatTlogConsistency(consistency)).toBe(WITNESS_EXAMPLE_HEAD + CHECKPOINT_EXAMPLE);
    expect(() => parseTlogConsistency(`old x\n\n${CHECKPOINT_EXAMPLE}`)).toThrow(/line 1 must be "old"/);
    expect(() => parseTlogConsistency(`old 1\nAAAA\n\n${CHECKPOINT_EXAMPLE}`)).toThrow(/line 2: a proof hash/);
    expect(() => parseTlogConsistency(`old 1\n${encodeBase64(hash(2))}`)).toThrow(/needs an empty line/);
  });

  it('base64 is read in its one canonical spelling only', () => {
    expect(hex(decodeBase64('AAE=') ?? undefined)).toBe('0001');
    for (const text of ['AAF=', 'AAE', 'AA=E', 'AA E=', '-_8='])
      expect([text, decodeBase64(text)]).toEqual([text, null]);
  });
});
