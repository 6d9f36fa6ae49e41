/**
 * The tournament log: an RFC 6962 Merkle tree of signed game heads, its proofs and their verification, also in the
 * C2SP formats (checkpoint, tlog-proof, consistency to a checkpoint).
 */
export * from './tournament-log.stream';
export * from './log-point-not-found.error';
export * from './tournament-log.service';
export * from './ed25519-note-key';
export * from './checkpoint-signer';
export * from './tournament-log-origin.settings';
export * from './tournament-log-origin.token';
