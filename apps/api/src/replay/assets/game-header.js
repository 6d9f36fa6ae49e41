// @ts-check
// What the header says of the game beyond its id: who plays whom (the set-up's name and houses), where a fork comes
// from (`forkedFrom`/`forkedAt` on its copied events, a link to the origin at that revision), and, once the game has
// ended, its result as a banner (its GameEnded: found among the game's last events at the start, or arriving live).
import { h } from './dom.js';

/** @typedef {import('./types.js').EventLine} EventLine */
/** @typedef {import('./types.js').GameResult} GameResult */
/** @typedef {import('./event-pages.js').EventPages} EventPages */

/** A GameEnded's events come last but for the collection that was due (at most two events after it). */
const ENDED_WITHIN = 3;

/** @type {Record<string, string>} */
const REASONS = {
  resignation: 'resignation',
  adjudication: 'the organiser’s ruling',
  'turn-limit': 'the turn limit',
};

/**
 * `Game over: red wins (blue resigned), turn 2`.
 * @param {EventLine} ended a GameEnded as this viewer sees it
 */
export function resultWords(ended) {
  const data = /** @type {{ winner: string | null; reason: string; turn: number; ruling?: string | null }} */ (
    ended.data
  );
  const outcome = data.winner === null ? 'a draw' : `${data.winner} wins`;
  const loser = data.winner === 'red' ? 'blue' : 'red';
  const why =
    data.reason === 'resignation' && data.winner !== null
      ? `${loser} resigned`
      : `by ${REASONS[data.reason] ?? data.reason}${data.ruling ? `: ${data.ruling}` : ''}`;
  return `Game over: ${outcome} (${why}), turn ${data.turn}`;
}

export class GameHeader {
  /**
   * @param {{ matchup: HTMLElement; fork: HTMLElement; banner: HTMLElement }} elements
   * @param {EventPages} pages
   */
  constructor(elements, pages) {
    this.elements = elements;
    this.pages = pages;
    this.ended = false;
  }

  /** Reads the set-up and the game's last events: the matchup, the fork's origin, and the result if it has ended. */
  async start() {
    const created = await this.pages.fetch(0);
    if (created !== undefined) this.setUp(created);
    const last = this.pages.count - 1;
    for (let revision = Math.max(0, last - ENDED_WITHIN + 1); revision <= last; revision += 1) {
      const event = await this.pages.fetch(revision);
      if (event?.type === 'GameEnded') this.end(event);
    }
  }

  /** @param {EventLine} created the game's GameCreated as this viewer sees it */
  setUp(created) {
    const data = /** @type {{ name?: string; players?: Record<string, { house?: string }>; turnLimit?: number }} */ (
      created.data
    );
    const house = (/** @type {string} */ colour) => data.players?.[colour]?.house ?? '?';
    const limit = data.turnLimit === undefined ? '' : ` · turn limit ${data.turnLimit}`;
    this.elements.matchup.textContent = `${data.name ?? ''}: red (${house('red')}) against blue (${house('blue')})${limit}`;
    const { forkedFrom, forkedAt } = created.metadata;
    if (typeof forkedFrom !== 'string' || typeof forkedAt !== 'number') return;
    this.elements.fork.hidden = false;
    this.elements.fork.replaceChildren(
      'a fork of ',
      h('a', { href: `/replay/${encodeURIComponent(forkedFrom)}#rev=${forkedAt}`, testid: 'fork-origin' }, forkedFrom),
      ` at revision ${forkedAt}`,
    );
  }

  /** @param {EventLine[]} events that arrived live */
  arrived(events) {
    for (const event of events) if (event.type === 'GameEnded') this.end(event);
  }

  /** @param {EventLine} ended */
  end(ended) {
    this.ended = true;
    const data = /** @type {{ winner: string | null }} */ (ended.data);
    const banner = this.elements.banner;
    banner.hidden = false;
    banner.dataset.winner = data.winner ?? 'draw';
    banner.replaceChildren(
      h('strong', { testid: 'result-text' }, resultWords(ended)),
      ' ',
      h('button', { type: 'button', class: 'link', 'data-revision': ended.revision }, `revision ${ended.revision}`),
    );
  }
}
