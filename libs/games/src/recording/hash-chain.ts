import * as crypto from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** The link fields every stored event carries (DESIGN.md "Event envelope"). */
export interface ChainLinks {
  prevHash: string;
  hash: string;
}

export interface Hashable {
  type: string;
  data: unknown;
  metadata: object;
}

/** One-shot hashing (Node >= 20.12) skips building a Hash object per event; older Nodes build one. */
const sha256: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * Where a game's chain starts: a per-game value, so no two games' chains can be spliced together. Keyed with the
 * game's chain secret (see chain-secret.ts) for every game created since; games recorded before have none and
 * keep the unkeyed genesis, so they stay verifiable.
 */
export function genesisHash(gameId: string, chainSecret?: string): string {
  const label = `sanctum-chronicle/genesis/${gameId}`;
  if (chainSecret === undefined) return sha256(label);
  return crypto.createHmac('sha256', Buffer.from(chainSecret, 'hex')).update(label).digest('hex');
}

/**
 * hash = sha256(prevHash + canonical JSON (RFC 8785) of type, data and metadata without `hash`). The metadata
 * includes `prevHash`, so any edit, deletion or reordering breaks every later link.
 */
export function eventHash(prevHash: string, event: Hashable): string {
  const { hash: _ignored, ...metadata } = event.metadata as Record<string, unknown>;
  return sha256(prevHash + canonicalJson({ type: event.type, data: event.data, metadata }));
}

/** Links one event onto the chain ending at `prevHash`: the event to store, its hash in its metadata. */
export function chainEvent<E extends Hashable>(prevHash: string, event: E): E & { metadata: ChainLinks } {
  const metadata = { ...event.metadata, prevHash };
  const hash = eventHash(prevHash, { type: event.type, data: event.data, metadata });
  return { ...event, metadata: { ...metadata, hash } };
}

/** Links a batch of engine events onto the chain ending at `prevHash`; returns the events to store. */
export function chainEvents<E extends Hashable>(prevHash: string, events: E[]): { events: E[]; lastHash: string } {
  let previous = prevHash;
  const chained = events.map((event) => {
    const linked = chainEvent(previous, event);
    previous = linked.metadata.hash;
    return linked;
  });
  return { events: chained, lastHash: previous };
}
