import { canonicalJson } from '../canonical/canonical-json';
import { bytesOfHex } from '../encoding/byte-encodings';
import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';

/** The link fields every stored event carries (docs/design.md). */
export interface ChainLinks {
  prevHash: string;
  hash: string;
}

export interface Hashable {
  type: string;
  data: unknown;
  metadata: object;
}

/**
 * Where a game's chain starts: a per-game value, so no two games' chains can be spliced together. Keyed with the
 * game's chain secret (see chain-secret.ts) for every game created since; games recorded before have none and
 * keep the unkeyed genesis, so they stay verifiable.
 */
export function genesisHash(gameId: string, chainSecret?: string, crypto: VerifierCrypto = platformCrypto): string {
  const label = `sanctum-chronicle/genesis/${gameId}`;
  if (chainSecret === undefined) return crypto.sha256Hex(label);
  const key = bytesOfHex(chainSecret);
  if (key === null) throw new TypeError('a chain secret is lowercase hex');
  return crypto.hmacSha256Hex(key, label);
}

/**
 * hash = sha256(prevHash + canonical JSON (RFC 8785) of type, data and metadata without `hash`). The metadata
 * includes `prevHash`, so any edit, deletion or reordering breaks every later link.
 */
export function eventHash(prevHash: string, event: Hashable, crypto: VerifierCrypto = platformCrypto): string {
  const { hash: _ignored, ...metadata } = event.metadata as Record<string, unknown>;
  return crypto.sha256Hex(prevHash + canonicalJson({ type: event.type, data: event.data, metadata }));
}

/** Links one event onto the chain ending at `prevHash`: the event to store, its hash in its metadata. */
export function chainEvent<E extends Hashable>(
  prevHash: string,
  event: E,
  crypto: VerifierCrypto = platformCrypto,
): E & { metadata: ChainLinks } {
  const metadata = { ...event.metadata, prevHash };
  const hash = eventHash(prevHash, { type: event.type, data: event.data, metadata }, crypto);
  return { ...event, metadata: { ...metadata, hash } };
}

/** Links a batch of engine events onto the chain ending at `prevHash`; returns the events to store. */
export function chainEvents<E extends Hashable>(
  prevHash: string,
  events: E[],
  crypto: VerifierCrypto = platformCrypto,
): { events: E[]; lastHash: string } {
  let previous = prevHash;
  const chained = events.map((event) => {
    const linked = chainEvent(previous, event, crypto);
    previous = linked.metadata.hash;
    return linked;
  });
  return { events: chained, lastHash: previous };
}
