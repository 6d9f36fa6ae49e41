export * from './game-reads.service';
export * from './game-summaries';
export * from './viewer-redactors';
export * from './game-facts';
export * from './event-filter';
