// @ts-check
// The selected event, why it happened and what it caused: its details; its chain of causes back to what a person
// did (from the service's `…/why` in the organiser's own view, else followed here through `metadata.causationId`);
// for a squander or a fizzle, beside that chain, the event that made its reason true (`data.reasonEventId`) with
// that event's own chain; and the events it caused.
import { h } from './dom.js';
import { REDACTED } from './event-pages.js';
import { whenText } from './event-list.js';

/** @typedef {import('./types.js').EventLine} EventLine */
/** @typedef {import('./types.js').EventCausation} EventCausation */
/** @typedef {import('./types.js').CausationLink} CausationLink */
/** @typedef {import('./event-pages.js').EventPages} EventPages */
/** @typedef {import('./rule-badges.js').RuleBadges} RuleBadges */
/** @typedef {import('./api-client.js').ApiClient} ApiClient */

/** A chain as shown: revisions oldest first, the command it started from, and the reason link's own chain. */
/** @typedef {{ revisions: number[]; origin: string | null; because?: { revision: number; chain: Chain } }} Chain */

/** How long a selection must rest before its causes are read. */
const RESTING_MS = 150;

/** The events that place an order: `order.<revision>` names the revision that placed it. */
const ORDER_ID = /^order\.(\d+)$/;

export class CausalChain {
  /**
   * @param {{ selected: HTMLElement; chain: HTMLElement; consequences: HTMLElement }} elements
   * @param {EventPages} pages
   * @param {RuleBadges} badges
   * @param {ApiClient} api
   * @param {boolean} askService whether this view may ask `…/why` (the organiser's own)
   */
  constructor(elements, pages, badges, api, askService) {
    this.elements = elements;
    this.pages = pages;
    this.badges = badges;
    this.api = api;
    this.askService = askService;
    this.showing = -1;
    /** How many times an event was shown: only the latest showing may draw its chain and end the busy state. */
    this.showCount = 0;
    /** @type {Map<number, Chain>} */
    this.answers = new Map();
    /**
     * What the details say of the receipt a revision ends (the receipts panel's, once it has read them).
     * @type {(revision: number) => Node | null}
     */
    this.receiptNote = () => null;
  }

  /**
   * `<gameId>@<revision>` → the revision; anything else (a command id, another game's event) → undefined.
   * @param {unknown} id
   */
  revisionOf(id) {
    const prefix = `${this.api.gameId}@`;
    if (typeof id !== 'string' || !id.startsWith(prefix)) return undefined;
    const rest = id.slice(prefix.length);
    return /^\d+$/.test(rest) ? Number(rest) : undefined;
  }

  /**
   * The revision that placed the order an event carries out (SpellExecuting, AttackExecuting…), if any.
   * @param {EventLine} event
   */
  placedAt(event) {
    const orderId = /** @type {{ orderId?: unknown }} */ (event.data)?.orderId;
    const match = typeof orderId === 'string' ? ORDER_ID.exec(orderId) : null;
    const placed = match === null ? undefined : Number(match[1]);
    return placed === event.revision ? undefined : placed;
  }

  /**
   * A link-like button that selects a revision; `testid` prefixes the revision (`chain-rev-13`).
   * @param {number} revision
   * @param {{ testid?: string; extra?: string }} [options]
   */
  revisionButton(revision, { testid = 'chain-rev', extra = '' } = {}) {
    const event = this.pages.get(revision);
    const step = event?.metadata.step;
    const rule = event?.metadata.rule;
    return h(
      'button',
      { type: 'button', class: 'link', testid: `${testid}-${revision}`, 'data-revision': revision },
      h('span', { class: 'rev' }, String(revision)),
      ' ',
      h('strong', {}, event?.type ?? 'event'),
      typeof step === 'string' ? h('span', { class: 'code step', title: `pipeline step ${step}` }, step) : null,
      typeof rule === 'string' ? this.badges.badge(rule) : null,
      h('span', { class: 'summary' }, event?.description ?? ''),
      extra,
    );
  }

  /**
   * Shows an event: its details at once, then (as the pages they need arrive) its chain and what it caused.
   * @param {EventLine} event
   */
  async show(event) {
    const revision = event.revision;
    this.showing = revision;
    const shown = ++this.showCount;
    this.details(event);
    // The previous event's chain and consequences must not pass for this one's while its causes are read.
    const list = this.elements.chain;
    list.dataset.source = 'pending';
    list.dataset.revision = String(revision);
    list.replaceChildren(h('li', { class: 'empty' }, 'reading its causes…'));
    this.elements.consequences.replaceChildren();
    // Busy until the last chain this selection gets is drawn: each draw moves what lies below (the notes and
    // receipts panels), so a reader, or a script that clicks there, waits for the chain to settle first.
    list.setAttribute('aria-busy', 'true');
    try {
      await this.readCauses(event, shown);
    } finally {
      if (this.showCount === shown) list.removeAttribute('aria-busy');
    }
  }

  /**
   * The chain and the consequences of the event shown, drawn once read: the page's own chain, then the service's.
   * @param {EventLine} event
   * @param {number} shown which showing this is (`showCount`)
   */
  async readCauses(event, shown) {
    const revision = event.revision;
    // While someone steps through the game, only the board and the details keep up; the causes are read once the
    // selection rests, so the state each key press wants is not queued behind them.
    await new Promise((resolve) => setTimeout(resolve, RESTING_MS));
    if (this.showCount !== shown) return;
    const linked = [
      this.placedAt(event),
      this.revisionOf(event.metadata.causationId),
      this.revisionOf(/** @type {{ reasonEventId?: unknown }} */ (event.data)?.reasonEventId),
    ];
    const [chain, caused] = await Promise.all([
      this.localChain(revision),
      this.pages.causedBy(revision),
      ...linked.map((r) => (r === undefined ? undefined : this.pages.fetch(r))),
    ]);
    if (this.showCount !== shown) return;
    // Again, now that the events its links name are read: their buttons say what they are.
    this.details(event);
    this.renderChain(revision, chain, 'page');
    this.elements.consequences.replaceChildren(
      ...(caused.length === 0
        ? [h('li', { class: 'empty' }, 'nothing directly')]
        : caused.map((r) => h('li', {}, this.revisionButton(r, { testid: 'caused-rev' })))),
    );
    if (this.askService && event.type !== REDACTED) await this.askWhy(revision, shown);
  }

  /** @param {EventLine} event */
  details(event) {
    const { metadata } = event;
    const cause = this.revisionOf(metadata.causationId);
    const reason = this.revisionOf(/** @type {{ reasonEventId?: unknown }} */ (event.data)?.reasonEventId);
    const placed = this.placedAt(event);
    const field = (/** @type {string} */ name, /** @type {Node | string | null | undefined} */ value) =>
      value === undefined || value === null ? null : [h('dt', {}, name), h('dd', {}, value)];
    const rule = typeof metadata.rule === 'string' ? metadata.rule : null;
    this.elements.selected.dataset.revision = String(event.revision);
    this.elements.selected.replaceChildren(
      h(
        'p',
        { class: 'selected-title' },
        h('span', { class: 'rev' }, String(event.revision)),
        ' ',
        h('strong', { testid: 'selected-event-type' }, event.type),
      ),
      h('p', { class: 'selected-sentence', testid: 'selected-event-description' }, event.description ?? ''),
      h(
        'dl',
        { class: 'meta' },
        field('when', whenText(event)),
        field('step', typeof metadata.step === 'string' ? metadata.step : null),
        field('rule', rule === null ? null : this.badges.explained(rule)),
        field('event id', typeof metadata.eventId === 'string' ? metadata.eventId : null),
        field(
          'caused by',
          cause !== undefined
            ? this.revisionButton(cause, { testid: 'cause-rev' })
            : stringOrNull(metadata.causationId),
        ),
        field('because of', reason === undefined ? null : this.revisionButton(reason, { testid: 'because-rev' })),
        field('command', stringOrNull(metadata.commandId)),
        field('order', placed === undefined ? null : this.revisionButton(placed, { testid: 'placed-rev' })),
        field('receipt', this.receiptNote(event.revision)),
      ),
      h(
        'details',
        { class: 'data', open: true },
        h('summary', {}, 'data'),
        h('pre', { testid: 'selected-event-data' }, JSON.stringify(event.data, null, 2)),
      ),
    );
  }

  /**
   * The chain of causes by `metadata.causationId`, oldest first, read through the pages; a reason link
   * (`data.reasonEventId`) gets its own chain.
   * @param {number} revision
   * @param {number} [depth] how many reason links deep to follow
   * @returns {Promise<Chain>}
   */
  async localChain(revision, depth = 2) {
    /** @type {number[]} */
    const revisions = [];
    /** @type {Chain['because']} */
    let because;
    /** @type {string | null} */
    let origin = null;
    const seen = new Set();
    /** @type {number | undefined} */
    let current = revision;
    while (current !== undefined && !seen.has(current)) {
      const event = await this.pages.fetch(current);
      if (event === undefined) break;
      seen.add(current);
      revisions.unshift(current);
      const reason = this.revisionOf(/** @type {{ reasonEventId?: unknown }} */ (event.data)?.reasonEventId);
      if (reason !== undefined && because === undefined && depth > 0) {
        because = { revision: reason, chain: await this.localChain(reason, depth - 1) };
      }
      const causationId = event.metadata.causationId;
      current = this.revisionOf(causationId);
      if (current === undefined) origin = stringOrNull(causationId);
    }
    return { revisions, origin, because };
  }

  /**
   * @param {number} revision
   * @param {Chain} chain
   * @param {'page' | 'service'} source
   */
  renderChain(revision, chain, source) {
    const list = this.elements.chain;
    list.dataset.source = source;
    list.dataset.revision = String(revision);
    list.replaceChildren(
      ...this.chainItems(revision, chain, 'chain-rev'),
      h(
        'li',
        { class: 'source' },
        source === 'service' ? 'computed by the service (…/why)' : 'computed in this page from metadata.causationId',
      ),
    );
  }

  /**
   * @param {number} revision the event the chain explains
   * @param {Chain} chain
   * @param {string} testid prefix of the chain's revision buttons
   * @returns {HTMLElement[]}
   */
  chainItems(revision, chain, testid) {
    const items = [];
    if (chain.origin) {
      items.push(
        h(
          'li',
          { class: 'origin', testid: testid === 'chain-rev' ? 'chain-origin' : `${testid}-origin` },
          'command ',
          h('code', {}, chain.origin),
        ),
      );
    }
    for (const r of chain.revisions) {
      const reason =
        chain.because !== undefined && r === revision
          ? h(
              'div',
              { class: 'because', testid: 'because-chain' },
              'because of ',
              this.revisionButton(chain.because.revision, { testid: 'because-link' }),
              h(
                'ol',
                { class: 'chain nested' },
                ...this.chainItems(chain.because.revision, chain.because.chain, 'because-chain-rev'),
              ),
            )
          : null;
      items.push(
        r === revision
          ? h(
              'li',
              { class: 'this', 'aria-current': 'step' },
              this.revisionButton(r, { testid, extra: ' (this event)' }),
              this.orderNote(r),
              reason,
            )
          : h('li', {}, this.revisionButton(r, { testid }), this.orderNote(r)),
      );
    }
    return items;
  }

  /**
   * Under an execution in the chain: the order it carries out, placed earlier by a player's command.
   * @param {number} revision
   */
  orderNote(revision) {
    const event = this.pages.get(revision);
    const placed = event === undefined ? undefined : this.placedAt(event);
    if (event === undefined || placed === undefined) return null;
    const order = this.pages.get(placed);
    return h(
      'div',
      { class: 'order-note' },
      `carries out ${String(/** @type {{ orderId?: unknown }} */ (event.data).orderId)}, placed by `,
      h('code', {}, order === undefined ? '?' : String(order.metadata.commandId ?? '?')),
      ' at ',
      this.revisionButton(placed, { testid: 'order-rev' }),
    );
  }

  /**
   * The service's own chain (`…/why`), which the organiser may ask for; the page's stays when it cannot answer.
   * @param {number} revision
   * @param {number} shown which showing asks (`showCount`): only the latest draws
   */
  async askWhy(revision, shown) {
    let chain = this.answers.get(revision);
    if (chain === undefined) {
      try {
        const answer = await this.api.why(revision);
        chain = this.fromService(answer.chain, answer.command.commandId);
        // The links' events, so that their buttons can say what they are.
        await this.pages.load(Math.min(...chain.revisions), revision);
      } catch (error) {
        // An older service without `…/why`, or one that refuses: the page's own chain stays.
        if ([401, 403, 404, 405, 501].includes(/** @type {{ status?: number }} */ (error).status ?? 0)) {
          this.askService = false;
        }
        return;
      }
      this.answers.set(revision, chain);
    }
    if (this.showCount === shown) this.renderChain(revision, chain, 'service');
  }

  /**
   * @param {CausationLink[]} links newest first, as the service gives them
   * @param {string | null} origin
   * @returns {Chain}
   */
  fromService(links, origin) {
    const revisions = links.map((link) => link.revision).sort((a, b) => a - b);
    const withReason = links.find((link) => link.because !== undefined);
    const because =
      withReason?.because === undefined
        ? undefined
        : { revision: withReason.because.revision, chain: this.fromService(withReason.because.chain, null) };
    return { revisions, origin, because };
  }
}

/** @param {unknown} value */
function stringOrNull(value) {
  return typeof value === 'string' ? value : null;
}
