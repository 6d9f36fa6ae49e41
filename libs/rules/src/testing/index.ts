/** A small given / when / then kit for the rules engine's tests (pure: no test-runner imports). */
export * from './event-pattern';
export * from './game-builder';
export * from './given-when-then';
export * from './seeded-random';
export * from './order-ref';
export * from './rederive';
