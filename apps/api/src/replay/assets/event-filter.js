// @ts-check
// The raw event list's filter: by type, minion, player and rule, as this viewer sees the events (the service
// filters after redaction: a hidden event is not found by what it hides). The matches are listed in place of the
// full list, read from the start of the game a stretch at a time (`GET /games/:id/events?…&limit=`), more on demand.
import { h, plural } from './dom.js';
import { REDACTED } from './event-pages.js';

/** @typedef {import('./types.js').EventLine} EventLine */
/** @typedef {import('./api-client.js').ApiClient} ApiClient */
/** @typedef {import('./rule-badges.js').RuleBadges} RuleBadges */

/** Revisions read per request, and matches gathered before the list waits for "search further". */
const STRETCH = 5000;
const ENOUGH = 200;

export class EventFilter {
  /**
   * @param {{ form: HTMLFormElement; results: HTMLElement; list: HTMLElement; status: HTMLElement; more: HTMLButtonElement; clear: HTMLButtonElement }} elements
   * @param {ApiClient} api
   * @param {RuleBadges} badges
   */
  constructor(elements, api, badges) {
    this.elements = elements;
    this.api = api;
    this.badges = badges;
    /** @type {Record<string, string>} */
    this.filter = {};
    /** @type {number | null} where the next stretch starts (null: the end was reached) */
    this.next = null;
    this.found = 0;
    this.searching = 0;
    elements.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.start();
    });
    elements.more.addEventListener('click', () => void this.search(this.searching));
    elements.clear.addEventListener('click', () => this.clear());
  }

  /** Whether a filter is applied (the full list is then hidden). */
  get active() {
    return !this.elements.results.hidden;
  }

  async start() {
    const data = new FormData(this.elements.form);
    /** @type {Record<string, string>} */
    const filter = {};
    for (const key of ['types', 'minion', 'player', 'rule']) {
      const value = String(data.get(key) ?? '').trim();
      if (value !== '') filter[key] = value;
    }
    if (Object.keys(filter).length === 0) {
      this.clear();
      return;
    }
    this.filter = filter;
    this.next = 0;
    this.found = 0;
    this.searching += 1;
    this.elements.list.replaceChildren();
    this.elements.results.hidden = false;
    this.elements.results.dataset.filter = JSON.stringify(filter);
    await this.search(this.searching);
  }

  /** @param {number} search which search this is (a newer one stops an older one) */
  async search(search) {
    const { status, more } = this.elements;
    more.hidden = true;
    let gathered = 0;
    while (this.next !== null && gathered < ENOUGH && search === this.searching) {
      status.textContent = `searching from revision ${this.next}…`;
      try {
        const page = await this.api.filteredEvents(this.next, STRETCH, this.filter);
        if (search !== this.searching) return;
        for (const event of page.events) gathered += this.add(event);
        this.next = page.next;
      } catch (error) {
        status.textContent = `Cannot filter: ${/** @type {Error} */ (error).message}`;
        return;
      }
    }
    if (search !== this.searching) return;
    status.textContent = `${plural(this.found, 'event')} found${this.next === null ? '' : ` up to revision ${this.next - 1}`}`;
    this.elements.results.dataset.done = String(this.next === null);
    more.hidden = this.next === null;
  }

  /**
   * An event that matched (a SpellExecutionPhaseStarted may carry only the released orders that did).
   * @param {EventLine} event
   * @returns {number} how many rows it added
   */
  add(event) {
    const matched = event.type !== 'SpellExecutionPhaseStarted' || this.matchesItself(event);
    const lines = [...(matched ? [event] : []), .../** @type {EventLine[]} */ (event.released ?? [])];
    for (const line of lines) this.elements.list.append(this.row(line));
    this.found += lines.length;
    return lines.length;
  }

  /**
   * Whether an event that carries released orders matched the filter itself, or only rides along with them.
   * @param {EventLine} event
   */
  matchesItself(event) {
    const { types, minion, player, rule } = this.filter;
    const data = /** @type {Record<string, unknown>} */ (event.data ?? {});
    const names = (/** @type {unknown} */ value) =>
      JSON.stringify(value ?? null).includes(JSON.stringify(String(minion)));
    const ruled = String(event.metadata.rule ?? '');
    return (
      (types === undefined || types.split(',').includes(event.type)) &&
      (minion === undefined || names(data)) &&
      (player === undefined || data.player === player || data.owner === player) &&
      (rule === undefined || ruled === rule || ruled.startsWith(`${rule}.`))
    );
  }

  /** @param {EventLine} event */
  row(event) {
    const rule = event.metadata.rule;
    return h(
      'li',
      { class: `event${event.type === REDACTED ? ' redacted' : ''}`, testid: `filtered-${event.revision}` },
      h(
        'button',
        { type: 'button', 'data-revision': event.revision },
        h('span', { class: 'rev' }, String(event.revision)),
        h('span', { class: 'type' }, event.type),
        typeof rule === 'string' ? this.badges.badge(rule) : null,
        h('span', { class: 'summary' }, event.description ?? ''),
      ),
    );
  }

  clear() {
    this.searching += 1;
    this.elements.results.hidden = true;
    this.elements.form.reset();
    this.elements.list.replaceChildren();
    this.elements.status.textContent = '';
  }
}
