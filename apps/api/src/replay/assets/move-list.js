// @ts-check
// The move list (`GET /games/:id/moves`): the game turn by turn, one line per order — who, what, on what — with its
// outcome (resolved, squandered and why, fizzled, executed), the damage it dealt and the deaths it caused; the turn's
// start, the confirmations, the collection and the game's end as lines of their own. Read a page of turns at a time,
// the page of the selected revision's turn, so a game of a million events opens at any turn. A line opens the events
// it produced; the line of the selected revision is marked.
import { h, plural } from './dom.js';

/** @typedef {import('./types.js').MovesPage} MovesPage */
/** @typedef {import('./types.js').MoveLine} MoveLine */
/** @typedef {import('./types.js').TurnMoves} TurnMoves */
/** @typedef {import('./api-client.js').ApiClient} ApiClient */
/** @typedef {import('./event-pages.js').EventPages} EventPages */

/** Turns a page of the list holds. */
export const MOVES_PAGE_TURNS = 5;
/** New events: the shown page is read again this long after the last of a burst. */
const REFRESH_MS = 400;

/** @type {Record<string, string>} */
const OUTCOME_WORDS = {
  pending: 'pending',
  resolved: '✓ resolved',
  active: '✓ active',
  squandered: '✗ squandered',
  executed: '✓ executed',
  fizzled: '✗ fizzled',
  discarded: 'discarded',
  cancelled: 'cancelled',
};

/** @param {number} turn */
const pageOf = (turn) => Math.floor(turn / MOVES_PAGE_TURNS) * MOVES_PAGE_TURNS;

export class MoveList {
  /**
   * @param {{ list: HTMLElement; status: HTMLElement; earlier: HTMLButtonElement; later: HTMLButtonElement }} elements
   * @param {ApiClient} api
   * @param {EventPages} pages
   */
  constructor(elements, api, pages) {
    this.elements = elements;
    this.api = api;
    this.pages = pages;
    /** The first turn of the page shown, and what was read of it. @type {number} */
    this.shownPage = -1;
    /** @type {MovesPage | null} */
    this.page = null;
    /** @type {Map<number, HTMLElement>} the line of each revision of the page shown */
    this.lineAt = new Map();
    this.selected = -1;
    /** @type {HTMLElement | null} */
    this.current = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** Reads of a page started so far: the number of the newest. */
    this.reads = 0;
    elements.earlier.addEventListener(
      'click',
      () => this.page && this.open(Math.max(0, this.shownPage - MOVES_PAGE_TURNS)),
    );
    elements.later.addEventListener('click', () => this.page?.next != null && void this.open(this.page.next));
    elements.list.addEventListener('click', (event) => {
      const head = /** @type {Element} */ (event.target).closest('.move-head');
      if (head instanceof HTMLElement) this.toggle(/** @type {HTMLElement} */ (head.parentElement));
    });
  }

  /**
   * The selection moved: the page of its turn is shown (read if need be) and its line marked.
   * @param {number} revision
   * @param {number} turn
   */
  show(revision, turn) {
    this.selected = revision;
    const wanted = pageOf(turn);
    if (wanted !== this.shownPage) void this.open(wanted);
    else this.mark();
  }

  /**
   * New events: the page shown is read again once they rest, if the game's end is on it — or if its first read is
   * still under way, as that read may have been answered before these events.
   */
  grew() {
    if (this.shownPage < 0 || (this.page !== null && this.page.next !== null)) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.open(this.shownPage, true), REFRESH_MS);
  }

  /**
   * Reads and shows the page of turns that starts at `turn`.
   * @param {number} turn
   * @param {boolean} [again] read it again even if it is the one shown
   */
  async open(turn, again = false) {
    if (turn === this.shownPage && !again) return;
    this.shownPage = turn;
    // Only the newest read is shown: an older one answered later would show the page as it was.
    const read = ++this.reads;
    this.elements.status.textContent = this.page === null ? 'reading the moves…' : '';
    this.elements.list.setAttribute('aria-busy', 'true');
    try {
      const page = await this.api.moves(turn, MOVES_PAGE_TURNS);
      if (read !== this.reads) return;
      this.page = page;
      this.render(page);
    } catch (error) {
      if (read === this.reads) {
        this.elements.status.textContent = `Cannot read the moves: ${/** @type {Error} */ (error).message}`;
      }
    } finally {
      if (read === this.reads) this.elements.list.removeAttribute('aria-busy');
    }
  }

  /** @param {MovesPage} page */
  render(page) {
    this.lineAt.clear();
    const turns = page.turns.map((turn) => this.turnSection(turn));
    this.elements.list.replaceChildren(...turns);
    this.elements.list.dataset.firstTurn = String(this.shownPage);
    const first = page.turns[0]?.turn ?? this.shownPage;
    const last = page.turns.at(-1)?.turn ?? first;
    this.elements.status.textContent =
      first === last ? `turn ${first} of ${page.lastTurn}` : `turns ${first}–${last} of ${page.lastTurn}`;
    this.elements.earlier.disabled = page.previous === null;
    this.elements.later.disabled = page.next === null;
    this.current = null;
    this.mark();
  }

  /** @param {TurnMoves} turn */
  turnSection(turn) {
    const title = turn.turn === 0 ? 'Set-up' : `Turn ${turn.turn}`;
    return h(
      'li',
      { class: 'turn-moves', testid: `moves-turn-${turn.turn}` },
      h(
        'h3',
        {},
        h(
          'button',
          {
            type: 'button',
            class: 'link',
            'data-revision': turn.from,
            title: `${title} starts at revision ${turn.from}`,
          },
          title,
        ),
        h('small', {}, ` revisions ${turn.from}–${turn.to}`),
      ),
      h(
        'ol',
        { class: 'moves' },
        turn.lines.map((line) => this.lineItem(line)),
      ),
    );
  }

  /** @param {MoveLine} line */
  lineItem(line) {
    const first = line.revisions[0] ?? 0;
    const effects = [
      ...line.damage.map((hit) => `${hit.amount} → ${hit.minionId}`),
      ...line.deaths.map((minionId) => `† ${minionId}`),
    ];
    const outcome = line.outcome === null ? null : (OUTCOME_WORDS[line.outcome] ?? line.outcome);
    const item = h(
      'li',
      {
        class: `move kind-${line.kind}${line.player ? ` owner-${line.player}` : ''}${line.outcome ? ` outcome-${line.outcome}` : ''}`,
        testid: `move-${first}`,
        'data-kind': line.kind,
        'data-outcome': line.outcome ?? undefined,
      },
      h(
        'button',
        {
          type: 'button',
          class: 'move-head',
          'aria-expanded': 'false',
          'data-revision': first,
          title: `${plural(line.revisions.length, 'event')}: open them`,
        },
        h('span', { class: 'move-text', testid: 'move-text' }, line.text),
        outcome
          ? h(
              'span',
              { class: `tag outcome`, testid: 'move-outcome' },
              line.reason ? `${outcome}: ${line.reason}` : outcome,
            )
          : null,
        effects.length > 0 ? h('span', { class: 'effects', testid: 'move-effects' }, effects.join(' · ')) : null,
      ),
      line.because === null
        ? null
        : h(
            'button',
            { type: 'button', class: 'link because-link', 'data-revision': line.because },
            `because of revision ${line.because}`,
          ),
    );
    item.dataset.revisions = line.revisions.join(',');
    for (const revision of line.revisions) this.lineAt.set(revision, item);
    return item;
  }

  /**
   * Opens (or closes) a line: the events it produced, each a button that selects it; the line's first event is
   * selected as it opens.
   * @param {HTMLElement} item
   */
  toggle(item) {
    const head = /** @type {HTMLElement} */ (item.querySelector('.move-head'));
    const open = head.getAttribute('aria-expanded') === 'true';
    item.querySelector('.move-events')?.remove();
    head.setAttribute('aria-expanded', String(!open));
    if (open) return;
    const revisions = (item.dataset.revisions ?? '').split(',').filter(Boolean).map(Number);
    const list = h('ol', { class: 'move-events', testid: 'move-events' });
    item.append(list);
    for (const revision of revisions) list.append(this.eventItem(revision));
    void this.fill(list, revisions);
  }

  /** @param {number} revision */
  eventItem(revision) {
    return h(
      'li',
      { 'data-line-revision': revision },
      h(
        'button',
        { type: 'button', class: 'link', 'data-revision': revision, testid: `move-event-${revision}` },
        h('span', { class: 'rev' }, String(revision)),
        ' ',
        h('strong', {}, '…'),
        h('span', { class: 'summary' }, ''),
      ),
    );
  }

  /**
   * Writes each event's type and sentence into its button once its page is read.
   * @param {HTMLElement} list
   * @param {number[]} revisions
   */
  async fill(list, revisions) {
    for (const revision of revisions) {
      const event = this.pages.get(revision) ?? (await this.pages.fetch(revision));
      const button = list.querySelector(`[data-line-revision="${revision}"] button`);
      if (event === undefined || button === null) continue;
      const [, , strong, summary] = button.childNodes;
      if (strong) strong.textContent = event.type;
      if (summary) summary.textContent = ` ${event.description ?? ''}`;
    }
  }

  /** Marks the line of the selected revision, and brings it into the list's view. */
  mark() {
    const line = this.lineAt.get(this.selected) ?? null;
    if (line === this.current) return;
    this.current?.classList.remove('current');
    this.current = line;
    if (line === null) return;
    line.classList.add('current');
    // Only the list scrolls, never the page: a person stepping with the keys keeps the board where it is.
    const list = this.elements.list;
    const box = list.getBoundingClientRect();
    const at = line.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) list.scrollTop += at.top - box.top - box.height / 3;
  }
}
