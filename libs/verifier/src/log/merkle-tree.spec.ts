import { createHash } from 'node:crypto';
import { hexOf } from '../encoding/byte-encodings';
import { consistencyProof, inclusionProof, leafHash, rootOf, verifyConsistency, verifyInclusion } from './merkle-tree';

const hex = (text: string) => Buffer.from(text, 'hex');

/**
 * The RFC 6962 test vectors of transparency-dev/merkle (proof/verify_test.go; first published with
 * google/certificate-transparency): eight leaves, the root of each prefix, and known inclusion and consistency
 * proofs. Data only: the implementation is this repository's own.
 */
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(
  hex,
);
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
].map(hex);
/** [leaf index (0-based), tree size, audit path]. */
const INCLUSION: [number, number, string[]][] = [
  [0, 1, []],
  [
    0,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    5,
    8,
    [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [2, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [
    1,
    5,
    [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
];
/** [first size, second size, proof]. */
const CONSISTENCY: [number, number, string[]][] = [
  [1, 1, []],
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [
    2,
    5,
    [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
  [
    6,
    7,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
];

const hashes = LEAVES.map((leaf) => leafHash(leaf));
const flipped = (proof: Uint8Array[], i: number) =>
  proof.map((node, j) => (j === i ? Buffer.from(node.map((byte, b) => (b === 0 ? byte ^ 8 : byte))) : node));
const someHash = hex('abacaba000000000000000000000000000000000000000000060061e00123456');

describe('Merkle tree (RFC 6962 / 9162 §2.1) against the published test vectors', () => {
  it('the empty tree’s root is the hash of the empty string; each prefix of the 8 leaves has its published root', () => {
    expect(hexOf(rootOf([]))).toBe(createHash('sha256').digest('hex'));
    for (let n = 1; n <= 8; n += 1)
      expect([n, hexOf(rootOf(hashes.slice(0, n)))]).toEqual([n, ROOTS[n - 1].toString('hex')]);
  });

  it.each(INCLUSION)('leaf %i of a tree of %i: the published audit path, which verifies', (index, size, path) => {
    const tree = hashes.slice(0, size);
    expect(inclusionProof(tree, index).map(hexOf)).toEqual(path);
    expect(verifyInclusion(hashes[index], index, size, path.map(hex), ROOTS[size - 1])).toBe(true);
  });

  it.each(INCLUSION.filter(([, , path]) => path.length > 0))(
    'leaf %i of %i: a tampered inclusion proof fails',
    (index, size, given) => {
      const path = given.map(hex);
      const root = ROOTS[size - 1];
      const leaf = hashes[index];
      const wrong: [string, boolean][] = [
        ['index - 1', verifyInclusion(leaf, index - 1, size, path, root)],
        ['index + 1', verifyInclusion(leaf, index + 1, size, path, root)],
        ['index ^ 2', verifyInclusion(leaf, index ^ 2, size, path, root)],
        ['size * 2', verifyInclusion(leaf, index, size * 2, path, root)],
        ['size / 2', verifyInclusion(leaf, index, Math.floor(size / 2), path, root)],
        ['wrong leaf', verifyInclusion(leafHash(Buffer.from('WrongLeaf')), index, size, path, root)],
        ['random root', verifyInclusion(leaf, index, size, path, someHash)],
        ['trailing root', verifyInclusion(leaf, index, size, [...path, root], root)],
        ['preceding root', verifyInclusion(leaf, index, size, [root, ...path], root)],
        ['removed node', verifyInclusion(leaf, index, size, path.slice(0, -1), root)],
        ['inserted node', verifyInclusion(leaf, index, size, [path[0], someHash, ...path.slice(1)], root)],
        ...path.map((_, i): [string, boolean] => [
          `flipped bit of node ${i}`,
          verifyInclusion(leaf, index, size, flipped(path, i), root),
        ]),
      ];
      expect(wrong.filter(([, verified]) => verified)).toEqual([]);
    },
  );

  it.each(CONSISTENCY)('trees of %i and %i: the published consistency proof, which verifies', (size1, size2, proof) => {
    expect(consistencyProof(hashes.slice(0, size2), size1).map(hexOf)).toEqual(proof);
    expect(verifyConsistency(size1, size2, ROOTS[size1 - 1], ROOTS[size2 - 1], proof.map(hex))).toBe(true);
  });

  it.each(CONSISTENCY.filter(([, , proof]) => proof.length > 0))(
    'trees of %i and %i: a tampered consistency proof fails',
    (size1, size2, given) => {
      const proof = given.map(hex);
      const [root1, root2] = [ROOTS[size1 - 1], ROOTS[size2 - 1]];
      const wrong: [string, boolean][] = [
        ['size1 - 1', verifyConsistency(size1 - 1, size2, root1, root2, proof)],
        ['size1 + 1', verifyConsistency(size1 + 1, size2, root1, root2, proof)],
        ['size1 ^ 2', verifyConsistency(size1 ^ 2, size2, root1, root2, proof)],
        ['size2 * 2', verifyConsistency(size1, size2 * 2, root1, root2, proof)],
        ['size2 / 2', verifyConsistency(size1, Math.floor(size2 / 2), root1, root2, proof)],
        ['wrong root1', verifyConsistency(size1, size2, someHash, root2, proof)],
        ['wrong root2', verifyConsistency(size1, size2, root1, someHash, proof)],
        ['swapped roots', verifyConsistency(size1, size2, root2, root1, proof)],
        ['empty proof', verifyConsistency(size1, size2, root1, root2, [])],
        ['trailing root2', verifyConsistency(size1, size2, root1, root2, [...proof, root2])],
        ['preceding root1', verifyConsistency(size1, size2, root1, root2, [root1, ...proof])],
        ['preceding proof[0]', verifyConsistency(size1, size2, root1, root2, [proof[0], ...proof])],
        ['truncated', verifyConsistency(size1, size2, root1, root2, proof.slice(0, -1))],
        ...proof.map((_, i): [string, boolean] => [
          `flipped bit of node ${i}`,
          verifyConsistency(size1, size2, root1, root2, flipped(proof, i)),
        ]),
      ];
      expect(wrong.filter(([, verified]) => verified)).toEqual([]);
    },
  );

  it('every leaf of every tree up to 8, and every pair of sizes: generated proofs verify, against the published roots', () => {
    for (let size = 1; size <= 8; size += 1) {
      const tree = hashes.slice(0, size);
      for (let index = 0; index < size; index += 1) {
        expect(verifyInclusion(hashes[index], index, size, inclusionProof(tree, index), ROOTS[size - 1])).toBe(true);
      }
      for (let first = 1; first <= size; first += 1) {
        const proof = consistencyProof(tree, first);
        expect([first, size, verifyConsistency(first, size, ROOTS[first - 1], ROOTS[size - 1], proof)]).toEqual([
          first,
          size,
          true,
        ]);
      }
    }
    expect(verifyConsistency(0, 8, rootOf([]), ROOTS[7], [])).toBe(true);
    expect(verifyConsistency(1, 1, ROOTS[0], ROOTS[1], [])).toBe(false);
    expect(verifyConsistency(2, 1, ROOTS[1], ROOTS[0], [])).toBe(false);
  });
});
