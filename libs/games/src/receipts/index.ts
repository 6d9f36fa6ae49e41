/** Signed receipts, signed heads, the service's signing keys, and how to check them. */
export * from './signing-key';
export * from './receipt-key-ring';
export * from './statement-signing';
export * from './receipt-key.settings';
export * from './receipt-keys.token';
export * from './receipt-visibility';
export * from './recorded-command.spans';
export * from './game-receipts.service';
