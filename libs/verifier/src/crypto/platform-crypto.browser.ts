/**
 * platform-crypto.ts as a page has it: the page's build resolves the verifier's imports of platform-crypto here, so
 * that every check there runs on the portable primitives (the layer rules keep Node's crypto out of everything else).
 */
export { portableCrypto as platformCrypto } from './portable-crypto';
