/**
 * The tournament log: an RFC 6962 Merkle tree of signed game heads, its proofs and their verification, also in the
 * C2SP formats (checkpoint, tlog-proof, consistency to a checkpoint).
 */
export * from './merkle-tree';
export * from './tree-head';
export * from './log-proofs';
export * from './log-leaf';
export * from './tournament-log.stream';
export * from './log-point-not-found.error';
export * from './tournament-log.service';
export * from './log-proofs.verification';
export * from './c2sp';
export * from './ed25519-note-key';
export * from './checkpoint-signer';
export * from './tournament-log-origin.settings';
export * from './tournament-log-origin.token';
export * from './tlog-proofs.verification';
