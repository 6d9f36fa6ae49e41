/** The audit of a game where it is stored (the verifier's checks, and its snapshots), causation ("why"), and forks. */
export * from './stored-game.audit';
export * from './game-audit.service';
export * from './event-causation';
export * from './event-causation.service';
export * from './fork-events';
export * from './fork-refused.error';
export * from './game-fork.service';
export * from './game-audit.module';
