/**
 * The keys signed statements (receipts, heads, tree heads) are checked against: 32-byte Ed25519 public keys by their
 * key id (ed25519-public-key.ts).
 */
export type StatementKeys = ReadonlyMap<string, Uint8Array>;
