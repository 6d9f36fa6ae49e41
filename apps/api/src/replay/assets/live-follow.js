// @ts-check
// Follows the game live (the SSE stream, as this viewer sees it): new events grow the list and the timeline, and
// move the selection along while the last event is selected.
import { plural } from './dom.js';

/** @typedef {import('./types.js').EventLine} EventLine */
/** @typedef {import('./api-client.js').ApiClient} ApiClient */
/** @typedef {import('./event-pages.js').EventPages} EventPages */

const LIVE_TEXT = {
  connecting: '○ connecting…',
  live: '● live',
  reconnecting: '○ reconnecting…',
  closed: '○ not following (reload to retry)',
};
/** @typedef {keyof typeof LIVE_TEXT} LiveState */

export class LiveFollow {
  /**
   * @param {HTMLElement} status the header's note
   * @param {ApiClient} api
   * @param {EventPages} pages
   * @param {(events: EventLine[]) => void} arrived called with the events each frame adds, in order
   */
  constructor(status, api, pages, arrived) {
    this.status = status;
    this.api = api;
    this.pages = pages;
    this.arrived = arrived;
    /** @type {LiveState} */
    this.state = 'connecting';
    /** @type {EventLine[]} */
    this.pending = [];
    this.scheduled = false;
    this.filling = false;
  }

  /** @param {LiveState} [state] */
  show(state = this.state) {
    this.state = state;
    this.status.classList.toggle('connected', state === 'live');
    this.status.textContent = `${LIVE_TEXT[state]} · ${plural(this.pages.count, 'event')}`;
  }

  start() {
    this.show('connecting');
    const source = new EventSource(this.api.streamUrl(this.pages.count));
    source.onopen = () => this.show('live');
    // The browser reconnects by itself (resuming after Last-Event-ID) unless the service refused the stream.
    source.onerror = () => this.show(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting');
    source.onmessage = (message) => {
      this.pending.push(JSON.parse(message.data));
      this.schedule();
    };
    window.addEventListener('pagehide', () => source.close());
  }

  schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => void this.flush());
  }

  /** Events arriving in one frame are added together: one list update, one timeline update. */
  async flush() {
    this.scheduled = false;
    if (this.filling) return;
    let batch = this.pending.splice(0).sort((a, b) => a.revision - b.revision);
    if (batch.length > 0 && batch[0].revision > this.pages.count) {
      // A gap (a missed message): read what is missing before going on.
      this.filling = true;
      try {
        const { events } = await this.api.events(this.pages.count, batch[0].revision - this.pages.count);
        batch = [...events, ...batch];
      } catch {
        this.pending.unshift(...batch);
        this.show('reconnecting');
        return;
      } finally {
        this.filling = false;
      }
    }
    const before = this.pages.count;
    if (this.pages.append(batch)) this.arrived(batch.filter((event) => event.revision >= before));
    this.show('live');
    if (this.pending.length > 0) this.schedule();
  }
}
