/** The tournament log: an RFC 6962-shaped Merkle tree of signed game heads, its proofs and their verification. */
export * from './merkle-tree';
export * from './tree-head';
export * from './log-proofs';
export * from './log-leaf';
export * from './tournament-log.stream';
export * from './log-point-not-found.error';
export * from './tournament-log.service';
export * from './log-proofs.verification';
