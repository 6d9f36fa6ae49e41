import { GameEndHttpController } from '../game-end/game-end.http.controller';
import { GameNotesHttpController } from '../notes/game-notes.http.controller';
import { GameMovesHttpController } from './game-moves.http.controller';
import { GameStandingsHttpController } from './game-standings.http.controller';
import { MinionStoryHttpController } from './minion-story.http.controller';

/**
 * Following a game as a person does (issue #27): how it ends, its moves turn by turn, who is ahead, a minion's
 * story, the organiser's notes. The app module serves them with its own (same guards, pipes and providers); every
 * read goes through the games layer's GameReads, as every door's does.
 */
export const REVIEW_CONTROLLERS = [
  GameEndHttpController,
  GameMovesHttpController,
  GameStandingsHttpController,
  MinionStoryHttpController,
  GameNotesHttpController,
];
