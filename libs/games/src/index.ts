/**
 * Application layer (docs/design.md): shared by the HTTP API and the CLI. It also hands on the verifier (libs/verifier),
 * whose checks it runs and whose formulas it records with, so that one import serves its callers.
 */
export * from '@app/verifier';
export * from './scenario-file';
export * from './games.module';
export * from './games.options';
export * from './games.errors';
export * from './game-stream';
export * from './caching/recent-entries.cache';
export * from './recording/draw-chain-secret';
export * from './recording/game-event-line';
export * from './recording/stored-game-event';
export * from './loading/loaded-game';
export * from './loading/game-repository';
export * from './loading/game-events.reader';
export * from './loading/game-events.fold';
export * from './loading/game-state.projection';
export * from './commands/command-outcome';
export * from './commands/game-command.service';
export * from './time-travel/game-point';
export * from './time-travel/time-travel.service';
export * from './time-travel/game-timeline.service';
export * from './scheduling/garbage-collection.scheduler';
export { CHECKPOINT_STREAM } from './scheduling/collection-checkpoint.store';
export * from './audit';
export * from './replay';
export * from './viewers/viewer';
export * from './viewers/caller';
export * from './viewers/viewer-tokens';
export * from './viewers/event-redactor';
export * from './viewers/state-redactor';
export * from './commands/recorded-command.finder';
export * from './receipts';
export * from './reads';
export * from './secrets/service-secrets.file';
export * from './tournament-log';
export * from './rules-reference/rules-reference';
export * from './tracing/game-spans';
export * from './game-end';
export * from './review';
export * from './notes';
export * from './record';
