export * from './game-result-at';
export * from './game-end.watch';
