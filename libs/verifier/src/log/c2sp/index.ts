/**
 * The C2SP transparency-log formats (c2sp.org): signed notes, verifier keys, checkpoints, tlog-proofs, and
 * consistency proofs to a checkpoint. Pure: bytes and text in and out, cryptography passed in (NoteCrypto), and no
 * Node-only API, so that a page can check what the service hands out with the same code.
 */
export * from './c2sp-format.error';
export * from './base64';
export * from './signed-note';
export * from './note-crypto';
export * from './web-note-crypto';
export * from './note-verifier-key';
export * from './open-signed-note';
export * from './tlog-checkpoint';
export * from './tlog-proof';
export * from './tlog-consistency';
