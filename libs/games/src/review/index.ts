export * from './move-list';
export * from './game-moves.service';
export * from './game-standings.service';
export * from './minion-story';
export * from './minion-story.service';
