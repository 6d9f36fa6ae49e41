import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { sameBytes } from '../encoding/byte-encodings';

/**
 * A Merkle tree in the shape of RFC 6962 / RFC 9162 §2.1 (Certificate Transparency): leaf hash
 * sha256(0x00 || leaf), node hash sha256(0x01 || left || right), a tree of n leaves split at the largest power of
 * two below n; inclusion proofs (audit paths) and consistency proofs as the RFC defines them, and their
 * verification as RFC 9162 §2.1.3.2 and §2.1.4.2 describe it. Sizes are counted in JS numbers (up to 2^53), hence
 * halving by division rather than bit shifts, which stop at 32 bits. SHA-256 is the caller's (platformCrypto unless
 * given): the service builds trees with Node's, a page checks proofs with its own, by the same formulas.
 */

const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);

export function leafHash(leaf: Uint8Array, crypto: VerifierCrypto = platformCrypto): Uint8Array {
  return crypto.sha256(LEAF_PREFIX, leaf);
}

export function nodeHash(left: Uint8Array, right: Uint8Array, crypto: VerifierCrypto = platformCrypto): Uint8Array {
  return crypto.sha256(NODE_PREFIX, left, right);
}

/** The largest power of two smaller than n (n > 1): where the RFC splits a tree. */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH: the root of the tree whose leaf hashes these are (the hash of the empty string for none). */
export function rootOf(leafHashes: readonly Uint8Array[], crypto: VerifierCrypto = platformCrypto): Uint8Array {
  if (leafHashes.length === 0) return crypto.sha256();
  const [only, ...others] = leafHashes;
  if (only !== undefined && others.length === 0) return only;
  const k = split(leafHashes.length);
  return nodeHash(rootOf(leafHashes.slice(0, k), crypto), rootOf(leafHashes.slice(k), crypto), crypto);
}

/** PATH(m, D[n]): the audit path of leaf `index` in the tree of these leaf hashes. */
export function inclusionProof(
  leafHashes: readonly Uint8Array[],
  index: number,
  crypto: VerifierCrypto = platformCrypto,
): Uint8Array[] {
  if (!Number.isSafeInteger(index) || index < 0 || index >= leafHashes.length) {
    throw new RangeError(`leaf ${index} is not in a tree of ${leafHashes.length}`);
  }
  if (leafHashes.length === 1) return [];
  const k = split(leafHashes.length);
  return index < k
    ? [...inclusionProof(leafHashes.slice(0, k), index, crypto), rootOf(leafHashes.slice(k), crypto)]
    : [...inclusionProof(leafHashes.slice(k), index - k, crypto), rootOf(leafHashes.slice(0, k), crypto)];
}

/** PROOF(m, D[n]): that the tree of the first `size` leaves is a prefix of the tree of them all. */
export function consistencyProof(
  leafHashes: readonly Uint8Array[],
  size: number,
  crypto: VerifierCrypto = platformCrypto,
): Uint8Array[] {
  if (!Number.isSafeInteger(size) || size < 0 || size > leafHashes.length) {
    throw new RangeError(`a tree of ${leafHashes.length} has no prefix of ${size}`);
  }
  if (size === 0 || size === leafHashes.length) return [];
  return subproof(leafHashes, size, true, crypto);
}

function subproof(leaves: readonly Uint8Array[], m: number, whole: boolean, crypto: VerifierCrypto): Uint8Array[] {
  if (m === leaves.length) return whole ? [] : [rootOf(leaves, crypto)];
  const k = split(leaves.length);
  return m <= k
    ? [...subproof(leaves.slice(0, k), m, whole, crypto), rootOf(leaves.slice(k), crypto)]
    : [...subproof(leaves.slice(k), m - k, false, crypto), rootOf(leaves.slice(0, k), crypto)];
}

const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

/** RFC 9162 §2.1.3.2: whether `proof` shows the leaf hash at `index` in the tree of `size` with `root`. */
export function verifyInclusion(
  hash: Uint8Array,
  index: number,
  size: number,
  proof: readonly Uint8Array[],
  root: Uint8Array,
  crypto: VerifierCrypto = platformCrypto,
): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = hash;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r, crypto);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = nodeHash(r, p, crypto);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && sameBytes(r, root);
}

/** RFC 9162 §2.1.4.2: whether `proof` shows that the tree (size1, root1) is a prefix of the tree (size2, root2). */
export function verifyConsistency(
  size1: number,
  size2: number,
  root1: Uint8Array,
  root2: Uint8Array,
  proof: readonly Uint8Array[],
  crypto: VerifierCrypto = platformCrypto,
): boolean {
  if (!Number.isSafeInteger(size1) || !Number.isSafeInteger(size2) || size1 < 0 || size2 < size1) return false;
  // The empty tree is a prefix of every tree, and a tree of itself: nothing to prove, and so no proof.
  if (size1 === 0) return proof.length === 0;
  if (size1 === size2) return proof.length === 0 && sameBytes(root1, root2);
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
      fr = nodeHash(c, fr, crypto);
      sr = nodeHash(c, sr, crypto);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = nodeHash(sr, c, crypto);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && sameBytes(fr, root1) && sameBytes(sr, root2);
}

function isPowerOfTwo(n: number): boolean {
  let k = 1;
  while (k < n) k *= 2;
  return k === n;
}
