/**
 * The verifier: every check the project offers of a game's record (canonical form, the stored-event vocabulary, the
 * hash chain, re-simulation, receipts, the tournament log's Merkle proofs and C2SP formats) and their verdicts in
 * words, once, for the service, the command line and the pages alike. Portable: it imports the rules engine and
 * portable packages only (no Node module but platform-crypto.ts, which the browser build replaces; no framework,
 * nothing of the games layer or the stores).
 */
export * from './crypto/verifier-crypto';
export * from './crypto/platform-crypto';
export * from './crypto/portable-crypto';
export * from './crypto/note-crypto.adapter';
export * from './encoding/byte-encodings';
export * from './encoding/text-chunks';
export * from './canonical/canonical-json';
export * from './canonical/canonical-form.check';
export * from './events/game-event-line';
export * from './events/stored-event.check';
export * from './events/vocabulary-validators';
export * from './chain/chain-secret';
export * from './chain/hash-chain';
export * from './chain/hash-chain.check';
export * from './audit/fork-provenance';
export * from './audit/game-audit.report';
export * from './audit/resimulation.check';
export * from './audit/game-auditor';
export * from './keys/statement-keys';
export * from './keys/ed25519-public-key';
export * from './keys/published-keys';
export * from './keys/verification-keys';
export * from './keys/ed25519-note-key';
export * from './receipts/signed-statement';
export * from './receipts/signed-statement.shapes';
export * from './receipts/receipt';
export * from './receipts/game-result';
export * from './receipts/game-head';
export * from './receipts/receipts.check';
export * from './receipts/held-statements.check';
export * from './log/merkle-tree';
export * from './log/tree-head';
export * from './log/log-proofs';
export * from './log/log-leaf';
export * from './log/log-proofs.verification';
export * from './log/tlog-proofs.verification';
export * from './log/held-log-texts';
export * from './log/c2sp';
export * from './files/unusable-input.error';
export * from './verdicts/audit-verdict.format';
export * from './verdicts/receipt-verdict.format';
export * from './files/event-line.parse';
export * from './files/text-lines';
export * from './files/statement-file.parse';
export * from './verdicts/statement-verdicts';
export * from './verdicts/proof-verdict';
export * from './verdicts/export-verification';
export * from './verdicts/files-verification';
export * from './verdicts/viewer-verification';
