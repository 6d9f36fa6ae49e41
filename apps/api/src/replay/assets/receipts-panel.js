// @ts-check
// The signed receipts of the commands this view may see (`GET /games/:id/receipts`: a player its own and the
// public ones, the organiser all): listed with a link to each command's last event, named on the selected event,
// and saved as JSON lines, the file `sanctum verify GAME --receipts FILE` reads. Read once the panel is opened
// (recomputing them is a pass over the whole game), then again as the game goes on.
import { grouped, h, plural } from './dom.js';

/** @typedef {import('./types.js').Receipt} Receipt */
/** @typedef {import('./api-client.js').ApiClient} ApiClient */

/** Receipts listed on the page, the latest ones; the saved file has them all. */
const LISTED = 500;
/** New events: the receipts are read again this long after the last of a burst. */
const REFRESH_MS = 300;

export class ReceiptsPanel {
  /**
   * @param {{ panel: HTMLDetailsElement; list: HTMLElement; download: HTMLAnchorElement; status: HTMLElement }} elements
   * @param {ApiClient} api
   * @param {(revision: number) => void} found called for each revision whose receipt came in or changed
   */
  constructor(elements, api, found) {
    this.elements = elements;
    this.api = api;
    this.found = found;
    /** @type {Map<number, Receipt>} the receipt of the command each revision ends */
    this.byRevision = new Map();
    this.opened = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    elements.panel.addEventListener('toggle', () => {
      if (!elements.panel.open || this.opened) return;
      this.opened = true;
      void this.load();
    });
  }

  /**
   * The receipt a revision ends, as a note on the selected event (null: none in this view, or not read yet).
   * @param {number} revision
   */
  note(revision) {
    const receipt = this.byRevision.get(revision);
    if (receipt === undefined) return null;
    return h(
      'code',
      { testid: 'selected-receipt', title: JSON.stringify(receipt) },
      `${receipt.hash.slice(0, 16)}… (key ${receipt.keyId})`,
    );
  }

  /** New events: once the panel is open, its receipts are read again a moment later (once for a burst). */
  grew() {
    if (!this.opened) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.load(), REFRESH_MS);
  }

  async load() {
    this.elements.status.textContent = this.byRevision.size === 0 ? 'reading the receipts…' : '';
    /** @type {Receipt[]} */
    let receipts;
    try {
      receipts = (await this.api.receipts()).receipts;
    } catch (error) {
      // The rest of the page does not depend on them: say so here and carry on.
      this.elements.status.textContent = `Cannot read the receipts: ${/** @type {Error} */ (error).message}`;
      return;
    }
    const before = this.byRevision;
    this.byRevision = new Map(receipts.map((receipt) => [receipt.revision, receipt]));
    this.render(receipts);
    for (const [revision, receipt] of this.byRevision) {
      if (before.get(revision)?.signature !== receipt.signature) this.found(revision);
    }
  }

  /** @param {Receipt[]} receipts */
  render(receipts) {
    const { list, download, status } = this.elements;
    const listed = receipts.slice(-LISTED);
    list.replaceChildren(
      ...(receipts.length === 0
        ? [h('li', { class: 'empty' }, 'none this view may see')]
        : listed.map((receipt) =>
            h(
              'li',
              { testid: `receipt-${receipt.revision}`, title: JSON.stringify(receipt) },
              // Selects the command's last event (the page's one click listener for revision buttons).
              h(
                'button',
                {
                  type: 'button',
                  class: 'link',
                  testid: `receipt-rev-${receipt.revision}`,
                  'data-revision': receipt.revision,
                },
                h('span', { class: 'rev' }, String(receipt.revision)),
              ),
              h('span', { class: 'code command' }, receipt.commandId),
              h('code', { class: 'hash' }, `${receipt.hash.slice(0, 16)}…`),
            ),
          )),
    );
    status.textContent =
      receipts.length > listed.length
        ? `the latest ${plural(listed.length, 'receipt')} of ${grouped(receipts.length)}; the file has them all`
        : '';
    const lines = receipts.map((receipt) => `${JSON.stringify(receipt)}\n`).join('');
    download.href = `data:application/x-ndjson;charset=utf-8,${encodeURIComponent(lines)}`;
    download.download = `${this.api.gameId}-receipts.jsonl`;
    download.hidden = receipts.length === 0;
  }
}
