// @ts-check
// The page's types, taken from the project's own (checked by `npm run typecheck`, see tsconfig.json here): what
// the API answers is what libs/games and libs/rules say it is.

/**
 * One event as the API shows it to this viewer (`GET /games/:id/events?describe=true`): a `Redacted` placeholder
 * where the viewer may not look, the turn's released orders on a SpellExecutionPhaseStarted, and the sentence.
 * @typedef {import('@app/games/viewers/event-redactor').ViewedEventLine & { description?: string }} EventLine
 */

/**
 * A player as a viewer sees it: the other side's hand and deck as their sizes only.
 * @typedef {Omit<import('@app/rules').PlayerState, 'mana'> & { mana?: import('@app/rules').ManaPool; handSize?: number; deckSize?: number }} ShownPlayer
 */

/**
 * The state at a revision as `GET /games/:id/state` shows it to this viewer.
 * @typedef {Omit<import('@app/rules').GameState, 'players'> & { players: Record<import('@app/rules').Player, ShownPlayer> }} ShownState
 */

/** @typedef {import('@app/games/time-travel/game-timeline.service').TimelineSegment} Segment */
/** @typedef {import('@app/games/time-travel/game-timeline.service').GameTimeline} Timeline */
/** @typedef {import('@app/games/rules-reference/rules-reference').RuleEntry} RuleEntry */
/** @typedef {import('@app/games/audit/event-causation').EventCausation} EventCausation */
/** @typedef {import('@app/games/audit/event-causation').CausationLink} CausationLink */
/** @typedef {import('@app/verifier/receipts/receipt').Receipt} Receipt */
/** @typedef {import('@app/games/receipts/command-words').ReceiptCommand} ReceiptCommand */
/** @typedef {import('@app/games/review/game-moves.service').MovesPage} MovesPage */
/** @typedef {import('@app/games/review/move-list').MoveLine} MoveLine */
/** @typedef {import('@app/games/review/move-list').TurnMoves} TurnMoves */
/** @typedef {import('@app/games/review/game-standings.service').GameStandings} Standings */
/** @typedef {import('@app/games/review/game-standings.service').StandingsPoint} StandingsPoint */
/** @typedef {import('@app/games/review/minion-story.service').MinionStory} MinionStory */
/** @typedef {import('@app/games/notes/note-visibility').ViewedNote} Note */
/** @typedef {import('@app/rules').GameResult} GameResult */
/** @typedef {import('../../viewers/view-as').ViewName} ViewName */
/** @typedef {import('../../viewers/game-viewer.response.dto').GameViewerResponseDto} ViewerAnswer */

export {};
