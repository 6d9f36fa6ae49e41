// @ts-check
// The event list, virtualised: only the rows in view (and a few around) exist, placed where they would be in a
// list of every event, so a game of any length scrolls, selects and jumps (`#rev=8000`) at once.
import { h } from './dom.js';
import { REDACTED } from './event-pages.js';

/** @typedef {import('./types.js').EventLine} EventLine */
/** @typedef {import('./event-pages.js').EventPages} EventPages */
/** @typedef {import('./rule-badges.js').RuleBadges} RuleBadges */

/** Every row's height in pixels (CSS `.event-list .event` sets the same). */
export const ROW_HEIGHT = 26;
/** Rows drawn beyond the visible ones, above and below. */
const OVERSCAN = 12;
/**
 * Browsers cap an element's height (Chromium near 33.5 million pixels): past this the list's scroll range is
 * scaled, rows keep their height.
 */
const MAX_SCROLL_HEIGHT = 15_000_000;

const PHASE_NAMES = /** @type {Record<string, string>} */ ({
  setup: 'set-up',
  start: 'start',
  orders: 'orders',
  spellExecution: 'spell execution',
  combat: 'combat',
  endOfTurn: 'end of turn',
  garbageCollection: 'garbage collection',
});

/** @param {string} phase */
export const phaseName = (phase) => PHASE_NAMES[phase] ?? phase;

/** @param {{ metadata: Record<string, unknown> }} event */
export const whenText = (event) =>
  event.metadata.phase === 'setup'
    ? 'set-up'
    : `turn ${String(event.metadata.turn)} · ${phaseName(String(event.metadata.phase))}`;

export class EventList {
  /**
   * @param {HTMLOListElement} list the scrolling element
   * @param {HTMLElement} heading where the turn and phase of the top row are shown
   * @param {EventPages} pages
   * @param {RuleBadges} badges
   */
  constructor(list, heading, pages, badges) {
    this.list = list;
    this.heading = heading;
    this.pages = pages;
    this.badges = badges;
    this.selected = -1;
    /** The revisions of the first and last rows drawn. */
    this.firstShown = 0;
    this.lastShown = -1;
    this.spacer = h('li', { class: 'spacer', role: 'presentation', 'aria-hidden': 'true' });
    list.replaceChildren(this.spacer);
    /** @type {Map<number, HTMLLIElement>} */
    this.rows = new Map();
    this.frame = 0;
    list.addEventListener('scroll', () => this.schedule());
    window.addEventListener('resize', () => this.schedule());
    pages.onChange(() => this.schedule());
    /** Where the list's last scrollTo left it (null: the reader has scrolled since). */
    this.scrolledTo = /** @type {number | null} */ (null);
    // The list's height changes as the page around it fills in (panels arriving, the header wrapping): a row the
    // page scrolled to stays in view unless the reader has scrolled since.
    new ResizeObserver(() => {
      if (this.selected >= 0 && this.scrolledTo !== null && this.list.scrollTop === this.scrolledTo) {
        this.scrollTo(this.selected);
      }
    }).observe(list);
  }

  /** The scroll range's scale: 1 unless the list is taller than a browser allows. */
  get scale() {
    const full = this.pages.count * ROW_HEIGHT;
    const view = this.list.clientHeight;
    if (full <= MAX_SCROLL_HEIGHT) return 1;
    return (full - view) / (MAX_SCROLL_HEIGHT - view);
  }

  /** Where, in the list of every event, the visible part starts (pixels). */
  get offset() {
    return this.list.scrollTop * this.scale;
  }

  schedule() {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Gives the list the height of every event, so that it can be scrolled to any of them before a row is drawn. */
  fitHeight() {
    this.spacer.style.height = `${Math.min(this.pages.count * ROW_HEIGHT, MAX_SCROLL_HEIGHT)}px`;
  }

  /** Draws the rows in view now (rows already drawn are kept, moved or dropped). */
  render() {
    const count = this.pages.count;
    this.fitHeight();
    // Read once, before the rows are written: a read after a write would make the browser lay out at each row.
    const scale = this.scale;
    const scrollTop = this.list.scrollTop;
    const offset = scrollTop * scale;
    const first = Math.max(0, Math.floor(offset / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(count - 1, Math.ceil((offset + this.list.clientHeight) / ROW_HEIGHT) + OVERSCAN);
    this.firstShown = first;
    this.lastShown = last;
    for (const [revision, row] of this.rows) {
      if (revision < first || revision > last) {
        row.remove();
        this.rows.delete(revision);
      }
    }
    let missing = false;
    for (let revision = first; revision <= last; revision += 1) {
      const event = this.pages.get(revision);
      if (event === undefined) missing = true;
      const row = this.rows.get(revision);
      const wanted = event === undefined ? 'loading' : event.type === REDACTED ? 'redacted' : event.metadata.eventId;
      if (row === undefined || row.dataset.shows !== String(wanted)) {
        const fresh = this.row(revision, event, String(wanted));
        if (row === undefined) this.list.append(fresh);
        else row.replaceWith(fresh);
        this.rows.set(revision, fresh);
      }
      const placed = /** @type {HTMLLIElement} */ (this.rows.get(revision));
      // Relative to the scroll position when the range is scaled: rows stay ROW_HEIGHT apart around the view.
      placed.style.top = `${scrollTop + (revision * ROW_HEIGHT - offset)}px`;
    }
    if (scale === 1) for (const [revision, row] of this.rows) row.style.top = `${revision * ROW_HEIGHT}px`;
    if (missing) void this.pages.load(first, last).catch(() => undefined);
    const top = this.pages.get(Math.min(count - 1, Math.floor(offset / ROW_HEIGHT)));
    this.heading.textContent = top === undefined ? '' : whenText(top);
    this.heading.className = `list-heading phase-${top === undefined ? 'none' : String(top.metadata.phase)}`;
  }

  /**
   * @param {number} revision
   * @param {EventLine | undefined} event
   * @param {string} shows what the row shows, to know when it must be drawn again
   * @returns {HTMLLIElement}
   */
  row(revision, event, shows) {
    const selected = revision === this.selected;
    const classes = ['event', event?.type === REDACTED ? 'redacted' : '', event === undefined ? 'loading' : ''];
    if (selected) classes.push('selected');
    const step = event?.metadata.step;
    const rule = event?.metadata.rule;
    const row = h(
      'li',
      { class: classes.filter(Boolean).join(' '), testid: `event-${revision}`, 'data-revision': revision },
      h(
        'button',
        {
          type: 'button',
          'data-revision': revision,
          'aria-current': selected ? 'true' : undefined,
          title: event === undefined ? undefined : `${event.type}: ${event.description ?? ''}`,
        },
        h('span', { class: 'rev' }, String(revision)),
        h('span', { class: 'type' }, event?.type ?? '…'),
        typeof step === 'string' ? h('span', { class: 'code step', title: `pipeline step ${step}` }, step) : null,
        typeof rule === 'string' ? this.badges.badge(rule) : null,
        h('span', { class: 'summary' }, event?.description ?? ''),
      ),
    );
    row.dataset.shows = shows;
    return row;
  }

  /**
   * Marks a revision as selected and, unless the person is scrolling the list themselves, brings it into view.
   * @param {number} revision
   * @param {{ scroll?: boolean }} [options]
   */
  select(revision, { scroll = true } = {}) {
    const previous = this.rows.get(this.selected);
    previous?.classList.remove('selected');
    previous?.firstElementChild?.removeAttribute('aria-current');
    this.selected = revision;
    const row = this.rows.get(revision);
    row?.classList.add('selected');
    row?.firstElementChild?.setAttribute('aria-current', 'true');
    if (scroll) this.scrollTo(revision);
  }

  /**
   * Scrolls the list (only it, not the page) so that a row shows, then draws at once.
   * @param {number} revision
   */
  scrollTo(revision) {
    // The list as long as the events first: a live event's row lies past the old end, where the browser would
    // stop the scroll short of it.
    this.fitHeight();
    const top = revision * ROW_HEIGHT;
    const view = this.list.clientHeight;
    const offset = this.offset;
    const scale = this.scale;
    if (top < offset + ROW_HEIGHT) this.list.scrollTop = Math.max(0, top - ROW_HEIGHT) / scale;
    else if (top + ROW_HEIGHT > offset + view) this.list.scrollTop = (top + 2 * ROW_HEIGHT - view) / scale;
    this.scrolledTo = this.list.scrollTop;
    this.render();
  }

  /**
   * Focuses the selected row's button (after ↑/↓ in the list), once it is drawn.
   */
  focusSelected() {
    const button = this.rows.get(this.selected)?.querySelector('button');
    button?.focus({ preventScroll: true });
  }
}
