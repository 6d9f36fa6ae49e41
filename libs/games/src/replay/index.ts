/** Replay helpers: events and states in words, for the `sanctum replay` command and other readers. */
export * from './describe-event';
export * from './describe-state';
