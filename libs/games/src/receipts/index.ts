/** Signed receipts and heads as the service signs and hands them out, and its signing keys (checking them: @app/verifier). */
export * from './signing-key';
export * from './receipt-key-ring';
export * from './statement-signing';
export * from './receipt-key.settings';
export * from './receipt-keys.token';
export * from './receipt-visibility';
export * from './recorded-command.spans';
export * from './game-receipts.service';
export * from './command-words';
