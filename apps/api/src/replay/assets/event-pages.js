// @ts-check
// The game's events as far as this page has read them: pages of the API, kept while they are near what is shown.
// A million-event game is never held whole; any revision is a page away.
import { PAGE_SIZE } from './api-client.js';

/** @typedef {import('./types.js').EventLine} EventLine */
/** @typedef {import('./api-client.js').ApiClient} ApiClient */

/** What a viewer gets in place of an event it may not see (libs/games EventRedactor). */
export const REDACTED = 'Redacted';

/** Pages kept (the oldest read goes first): a few screens around every place the person has looked at. */
const KEPT_PAGES = 120;

export class EventPages {
  /** @param {ApiClient} api */
  constructor(api) {
    this.api = api;
    /** How many events the game has (its last revision + 1), as far as this page knows. */
    this.count = 0;
    /** @type {Map<number, EventLine[]>} */
    this.pages = new Map();
    /** @type {Map<number, Promise<void>>} */
    this.loading = new Map();
    /**
     * Orders released at their turn's execution, by revision: a viewer may see them in place from then on (T2).
     * @type {Map<number, EventLine>}
     */
    this.released = new Map();
    /** @type {Set<() => void>} */
    this.listeners = new Set();
  }

  /** @param {() => void} listener called whenever events arrive */
  onChange(listener) {
    this.listeners.add(listener);
  }

  changed() {
    for (const listener of this.listeners) listener();
  }

  /**
   * The event at a revision, if its page is here (a released order in place of its placeholder).
   * @param {number} revision
   * @returns {EventLine | undefined}
   */
  get(revision) {
    const line = this.pages.get(Math.floor(revision / PAGE_SIZE))?.[revision % PAGE_SIZE];
    if (line === undefined || line.type !== REDACTED) return line;
    return this.released.get(revision) ?? line;
  }

  /**
   * Reads the pages of a range of revisions that are not here yet.
   * @param {number} from
   * @param {number} to
   */
  async load(from, to) {
    const first = Math.max(0, Math.floor(from / PAGE_SIZE));
    const last = Math.min(Math.floor(Math.min(to, this.count - 1) / PAGE_SIZE), first + KEPT_PAGES / 2);
    const reads = [];
    for (let page = first; page <= last; page += 1) reads.push(this.loadPage(page));
    await Promise.all(reads);
  }

  /**
   * The event at a revision, read if need be.
   * @param {number} revision
   * @returns {Promise<EventLine | undefined>}
   */
  async fetch(revision) {
    if (revision < 0 || revision >= this.count) return undefined;
    await this.loadPage(Math.floor(revision / PAGE_SIZE));
    return this.get(revision);
  }

  /** @param {number} page */
  loadPage(page) {
    if (this.pages.has(page)) {
      const lines = /** @type {EventLine[]} */ (this.pages.get(page));
      // Used again: it becomes the newest (Map order is insertion order).
      this.pages.delete(page);
      this.pages.set(page, lines);
      if (lines.length === PAGE_SIZE || page * PAGE_SIZE + lines.length >= this.count) return Promise.resolve();
    }
    const under = this.loading.get(page);
    if (under !== undefined) return under;
    const read = this.api
      .events(page * PAGE_SIZE)
      .then(({ events }) => {
        this.keep(page, events);
        this.changed();
      })
      .finally(() => this.loading.delete(page));
    this.loading.set(page, read);
    return read;
  }

  /**
   * @param {number} page
   * @param {EventLine[]} events
   */
  keep(page, events) {
    const lines = this.pages.get(page) ?? [];
    for (const event of events) {
      lines[event.revision - page * PAGE_SIZE] = event;
      this.noteReleases(event);
    }
    this.pages.delete(page);
    this.pages.set(page, lines);
    while (this.pages.size > KEPT_PAGES) this.pages.delete(/** @type {number} */ (this.pages.keys().next().value));
  }

  /** @param {EventLine} event */
  noteReleases(event) {
    for (const line of event.released ?? []) this.released.set(line.revision, /** @type {EventLine} */ (line));
  }

  /**
   * Events that arrived live, in revision order: the game grows by them (a message seen twice counts once).
   * @param {EventLine[]} events
   * @returns {boolean} whether the game grew
   */
  append(events) {
    let grew = false;
    for (const event of events) {
      if (event.revision < this.count) continue;
      if (event.revision > this.count) break;
      const page = Math.floor(event.revision / PAGE_SIZE);
      // Only onto a page that is here (or a new one): a page not read is read whole when it is wanted.
      if (this.pages.has(page) || event.revision % PAGE_SIZE === 0) this.keep(page, [event]);
      else this.noteReleases(event);
      this.count += 1;
      grew = true;
    }
    if (grew) this.changed();
    return grew;
  }

  /**
   * What an event caused: the revisions whose causationId names it. Everything an event causes is recorded by the
   * same command, right after it (a command's events are appended together), so the search ends with the command.
   * @param {number} revision
   * @returns {Promise<number[]>}
   */
  async causedBy(revision) {
    const event = await this.fetch(revision);
    if (event === undefined) return [];
    const id = event.metadata.eventId;
    const command = event.metadata.commandId;
    /** @type {number[]} */
    const caused = [];
    for (let next = revision + 1; next < this.count; next += 1) {
      const line = this.get(next) ?? (await this.fetch(next));
      if (line === undefined) break;
      // A placeholder keeps no command id: the command's end is not where the viewer stops seeing it.
      if (line.type !== REDACTED && line.metadata.commandId !== command) break;
      if (line.metadata.causationId === id) caused.push(next);
    }
    return caused;
  }
}
