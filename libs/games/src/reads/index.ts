export { type CaughtUp, catchUpThenLive, isCaughtUp } from './catch-up-then-live';
export * from './game-reads.service';
export * from './game-summaries';
export * from './viewer-redactors';
export * from './damaged-event.stand-in';
export * from './game-facts';
export * from './event-filter';
