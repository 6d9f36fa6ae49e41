/** Application layer (DESIGN.md): shared by the HTTP API and the CLI. */
export * from './scenario-file';
export * from './games.module';
export * from './games.options';
export * from './games.errors';
export * from './game-stream';
export * from './recording/hash-chain';
export * from './recording/game-event-line';
export * from './loading/loaded-game';
export * from './loading/game-repository';
export * from './commands/game-command.service';
export * from './time-travel/game-point';
export * from './time-travel/time-travel.service';
export * from './scheduling/garbage-collection.scheduler';
export * from './audit';
