// @ts-check
// The signed receipts of the commands this view may see (`GET /games/:id/receipts`: a player its own and the
// public ones, the organiser all): listed with a link to each command's last event, named on the selected event,
// and saved as JSON lines, the file `sanctum verify GAME --receipts FILE` reads. Read once the panel is opened, a
// page at a time (recomputing them is a pass over the game as far as the page goes): the first page, the next one
// when asked for, and those of the commands the game records meanwhile.
import { h, plural } from './dom.js';

/** @typedef {import('./types.js').Receipt} Receipt */
/** @typedef {import('./api-client.js').ApiClient} ApiClient */

/** Receipts read at a time (`?limit=`). */
export const RECEIPTS_PAGE = 200;
/** New events: the receipts are read again this long after the last of a burst. */
const REFRESH_MS = 300;

export class ReceiptsPanel {
  /**
   * @param {{ panel: HTMLDetailsElement; list: HTMLElement; more: HTMLButtonElement; download: HTMLAnchorElement; status: HTMLElement }} elements
   * @param {ApiClient} api
   * @param {(revision: number) => void} found called for each revision whose receipt came in
   */
  constructor(elements, api, found) {
    this.elements = elements;
    this.api = api;
    this.found = found;
    /** @type {Receipt[]} the receipts read, in revision order */
    this.receipts = [];
    /** @type {Map<number, Receipt>} the receipt of the command each revision ends */
    this.byRevision = new Map();
    /** @type {Map<number, import('./types.js').ReceiptCommand>} each receipt's command in words, by its revision */
    this.commands = new Map();
    /** Where the next read starts (`?from=`), and whether the service said more receipts are there already. */
    this.from = 0;
    this.more = false;
    this.opened = false;
    this.reading = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    elements.panel.addEventListener('toggle', () => {
      if (!elements.panel.open || this.opened) return;
      this.opened = true;
      void this.read();
    });
    elements.more.addEventListener('click', () => void this.read());
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

  /**
   * New events: once the panel is open and every page so far is read, the new commands' receipts are read a
   * moment later (once for a burst). While a next page waits for "more", that page will have them.
   */
  grew() {
    if (!this.opened || this.more) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.read(), REFRESH_MS);
  }

  /** Reads the page from `this.from` and adds it to the list. */
  async read() {
    if (this.reading) return;
    this.reading = true;
    this.elements.more.disabled = true;
    if (this.receipts.length === 0) this.elements.status.textContent = 'reading the receipts…';
    try {
      const page = await this.api.receipts(this.from, RECEIPTS_PAGE);
      this.more = page.next !== null;
      const last = page.receipts[page.receipts.length - 1];
      this.from = page.next ?? (last === undefined ? this.from : last.revision + 1);
      this.receipts.push(...page.receipts);
      for (const receipt of page.receipts) this.byRevision.set(receipt.revision, receipt);
      for (const command of page.commands ?? []) this.commands.set(command.revision, command);
      this.render(page.receipts);
      for (const receipt of page.receipts) this.found(receipt.revision);
    } catch (error) {
      // The rest of the page does not depend on them: say so here and carry on.
      this.elements.status.textContent = `Cannot read the receipts: ${/** @type {Error} */ (error).message}`;
    } finally {
      this.reading = false;
      this.elements.more.disabled = false;
    }
  }

  /**
   * Which command a receipt covers, in words (`red: bolt → b-archer, turn 1`), its events a click away.
   * @param {Receipt} receipt
   */
  wordsOf(receipt) {
    const command = this.commands.get(receipt.revision);
    if (command === undefined) return null;
    const span = command.first === receipt.revision ? `${command.first}` : `${command.first}–${receipt.revision}`;
    return h(
      'span',
      { class: 'receipt-words' },
      h('span', { testid: `receipt-words-${receipt.revision}` }, command.words),
      ' ',
      h(
        'button',
        { type: 'button', class: 'link', 'data-revision': command.first, title: 'its first event' },
        `events ${span}`,
      ),
      receipt.result ? h('span', { class: 'tag' }, 'game over') : null,
      ' ',
    );
  }

  /** @param {Receipt[]} added the receipts just read, after those listed */
  render(added) {
    const { list, more, download, status } = this.elements;
    if (this.receipts.length === 0) list.replaceChildren(h('li', { class: 'empty' }, 'none this view may see'));
    else if (added.length > 0) {
      list.querySelector('li.empty')?.remove();
      list.append(
        ...added.map((receipt) =>
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
            this.wordsOf(receipt),
            h('span', { class: 'code command' }, receipt.commandId),
            h('code', { class: 'hash' }, `${receipt.hash.slice(0, 16)}…`),
          ),
        ),
      );
    }
    more.hidden = !this.more;
    status.textContent = this.more ? `the first ${plural(this.receipts.length, 'receipt')}; the file has those` : '';
    const lines = this.receipts.map((receipt) => `${JSON.stringify(receipt)}\n`).join('');
    download.href = `data:application/x-ndjson;charset=utf-8,${encodeURIComponent(lines)}`;
    download.download = `${this.api.gameId}-receipts.jsonl`;
    download.hidden = this.receipts.length === 0;
  }
}
