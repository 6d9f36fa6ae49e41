export * from './game-note';
export * from './notes.stream';
export * from './note-visibility';
export * from './note-refused.error';
export * from './game-notes.service';
