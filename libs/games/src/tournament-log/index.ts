/**
 * The tournament log as the service keeps it: an RFC 6962 Merkle tree of signed game heads, its proofs, and its
 * checkpoints signed in the C2SP formats (the tree's formulas, the formats and every check of a proof: @app/verifier).
 */
export * from './tournament-log.stream';
export * from './log-point-not-found.error';
export * from './tournament-log.service';
export * from './ed25519-note-key';
export * from './checkpoint-signer';
export * from './tournament-log-origin.settings';
export * from './tournament-log-origin.token';
