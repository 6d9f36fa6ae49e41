/**
 * An event's metadata without its hash chain: the links (prevHash, hash) and, at revision 0, the chain secret that
 * keys them. The service draws a secret of its own for every game and simulate has none, so where stored events are
 * compared with simulate's these differ by design; everything else must be identical.
 */
export function unchainedMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const { prevHash: _prevHash, hash: _hash, chainSecret: _chainSecret, ...unchained } = metadata;
  return unchained;
}
