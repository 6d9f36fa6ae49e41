import { createHash } from 'node:crypto';

/**
 * A Merkle tree in the shape of RFC 6962 / RFC 9162 §2.1 (Certificate Transparency): leaf hash
 * sha256(0x00 || leaf), node hash sha256(0x01 || left || right), a tree of n leaves split at the largest power of
 * two below n; inclusion proofs (audit paths) and consistency proofs as the RFC defines them, and their
 * verification as RFC 9162 §2.1.3.2 and §2.1.4.2 describe it. Sizes are counted in JS numbers (up to 2^53), hence
 * halving by division rather than bit shifts, which stop at 32 bits.
 */

function sha256(...parts: Buffer[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

export function leafHash(leaf: Buffer): Buffer {
  return sha256(LEAF_PREFIX, leaf);
}

export function nodeHash(left: Buffer, right: Buffer): Buffer {
  return sha256(NODE_PREFIX, left, right);
}

/** The largest power of two smaller than n (n > 1): where the RFC splits a tree. */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH: the root of the tree whose leaf hashes these are (the hash of the empty string for none). */
export function rootOf(leafHashes: readonly Buffer[]): Buffer {
  if (leafHashes.length === 0) return sha256();
  const [only, ...others] = leafHashes;
  if (only !== undefined && others.length === 0) return only;
  const k = split(leafHashes.length);
  return nodeHash(rootOf(leafHashes.slice(0, k)), rootOf(leafHashes.slice(k)));
}

/** PATH(m, D[n]): the audit path of leaf `index` in the tree of these leaf hashes. */
export function inclusionProof(leafHashes: readonly Buffer[], index: number): Buffer[] {
  if (!Number.isSafeInteger(index) || index < 0 || index >= leafHashes.length) {
    throw new RangeError(`leaf ${index} is not in a tree of ${leafHashes.length}`);
  }
  if (leafHashes.length === 1) return [];
  const k = split(leafHashes.length);
  return index < k
    ? [...inclusionProof(leafHashes.slice(0, k), index), rootOf(leafHashes.slice(k))]
    : [...inclusionProof(leafHashes.slice(k), index - k), rootOf(leafHashes.slice(0, k))];
}

/** PROOF(m, D[n]): that the tree of the first `size` leaves is a prefix of the tree of them all. */
export function consistencyProof(leafHashes: readonly Buffer[], size: number): Buffer[] {
  if (!Number.isSafeInteger(size) || size < 0 || size > leafHashes.length) {
    throw new RangeError(`a tree of ${leafHashes.length} has no prefix of ${size}`);
  }
  if (size === 0 || size === leafHashes.length) return [];
  return subproof(leafHashes, size, true);
}

function subproof(leaves: readonly Buffer[], m: number, whole: boolean): Buffer[] {
  if (m === leaves.length) return whole ? [] : [rootOf(leaves)];
  const k = split(leaves.length);
  return m <= k
    ? [...subproof(leaves.slice(0, k), m, whole), rootOf(leaves.slice(k))]
    : [...subproof(leaves.slice(k), m - k, false), rootOf(leaves.slice(0, k))];
}

const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

/** RFC 9162 §2.1.3.2: whether `proof` shows the leaf hash at `index` in the tree of `size` with `root`. */
export function verifyInclusion(
  hash: Buffer,
  index: number,
  size: number,
  proof: readonly Buffer[],
  root: Buffer,
): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = hash;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && r.equals(root);
}

/** RFC 9162 §2.1.4.2: whether `proof` shows that the tree (size1, root1) is a prefix of the tree (size2, root2). */
export function verifyConsistency(
  size1: number,
  size2: number,
  root1: Buffer,
  root2: Buffer,
  proof: readonly Buffer[],
): boolean {
  if (!Number.isSafeInteger(size1) || !Number.isSafeInteger(size2) || size1 < 0 || size2 < size1) return false;
  // The empty tree is a prefix of every tree, and a tree of itself: nothing to prove, and so no proof.
  if (size1 === 0) return proof.length === 0;
  if (size1 === size2) return proof.length === 0 && root1.equals(root2);
  if (proof.length === 0) return false;
  // A first tree of a power-of-two size is a node of the second: its root is where the path starts.
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  const [start, ...rest] = path;
  if (start === undefined) return false;
  let fr = start;
  let sr = start;
  for (const c of rest) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && fr.equals(root1) && sr.equals(root2);
}

function isPowerOfTwo(n: number): boolean {
  let k = 1;
  while (k < n) k *= 2;
  return k === n;
}
