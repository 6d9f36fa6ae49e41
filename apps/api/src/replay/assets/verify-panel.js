// @ts-check
// The Verify action (issue #28): what this viewer holds of the game, checked in this browser by the project's own
// verifier — the module `/replay/assets/sanctum-verifier.js`, bundled from the same sources as `sanctum verify` and
// the offline page, loaded at the first Verify — against the keys the service lists (or keys pinned here): the
// receipts' and heads' signatures, their agreement with the game's head and with what this browser kept from the last
// look, the head's inclusion in the tournament log, and that the log extends the checkpoint kept from the last look.
// Where the whole record is the viewer's (published, or the organiser's), it is re-simulated here event by event.
// This module fetches (through the API client) and keeps (localStorage); the verdicts are the verifier's.
import { grouped, h } from './dom.js';

/** @typedef {import('./api-client.js').ApiClient} ApiClient */
/** @typedef {import('./types.js').Receipt} Receipt */
/** @typedef {typeof import('../../../../verify-page/src/replay-page-verifier.main')} Verifier */
/** @typedef {import('../../../../verify-page/src/replay-page-verifier.main').Fetched} Fetched */
/** @typedef {import('../../../../verify-page/src/replay-page-verifier.main').ViewerCheck} ViewerCheck */
/** @typedef {import('../../../../verify-page/src/replay-page-verifier.main').ViewerVerification} ViewerVerification */
/** @typedef {import('@app/verifier').SignedGameHead} SignedGameHead */

/** The verifier module: a variable, so that the type checker leaves the served bundle alone (typed by Verifier). */
const VERIFIER_URL = '/replay/assets/sanctum-verifier.js';

/** Where this browser keeps what it saw, per service (localStorage is per origin). */
const STORED = {
  checkpoint: 'sanctum-verify:checkpoint',
  keys: 'sanctum-verify:pinned-keys',
  /** @param {string} gameId @param {string} view */
  held: (gameId, view) => `sanctum-verify:held:${gameId}:${view}`,
};

const OUTCOME_WORDS = /** @type {const} */ ({
  holds: 'holds',
  'does not hold': 'does NOT hold',
  unusable: 'cannot be checked',
  noted: 'noted',
});

/** A turn of the event loop, so that the page repaints while a long record is re-simulated. */
const repaint = () => new Promise((resolve) => setTimeout(resolve, 0));

/** @param {string} key */
function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** @param {string} key @param {string | null} value */
function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return true;
  } catch {
    // No storage, or full: the next look starts afresh, and says so.
    return false;
  }
}

/**
 * @param {{ text: string } | { status: number; missing: string }} answer
 * @param {string} name
 * @returns {Fetched}
 */
function fetchedAs(answer, name) {
  return 'text' in answer ? { name, text: answer.text } : { missing: answer.missing };
}

export class VerifyPanel {
  /**
   * @param {{ open: HTMLButtonElement; panel: HTMLElement; close: HTMLButtonElement; keys: HTMLElement; pin: HTMLButtonElement; forget: HTMLButtonElement; keyText: HTMLTextAreaElement; pinText: HTMLButtonElement; run: HTMLButtonElement; status: HTMLElement; progress: HTMLProgressElement; checks: HTMLElement; files: HTMLElement }} elements
   * @param {ApiClient} api
   */
  constructor(elements, api) {
    this.elements = elements;
    this.api = api;
    this.running = false;
    /** @type {Promise<Verifier> | undefined} */
    this.verifier = undefined;
    /** The keys text last fetched from the service (what "pin these keys" pins). */
    this.servedKeys = '';
    elements.open.addEventListener('click', () => {
      elements.panel.hidden = false;
      void this.verify();
    });
    elements.run.addEventListener('click', () => void this.verify());
    elements.close.addEventListener('click', () => {
      elements.panel.hidden = true;
    });
    elements.pin.addEventListener('click', () => void this.pinServedKeys());
    elements.pinText.addEventListener('click', () => {
      const text = elements.keyText.value.trim();
      if (text !== '') this.pinKeys(`${text}\n`);
    });
    elements.forget.addEventListener('click', () => {
      store(STORED.keys, null);
      this.showKeys();
    });
    this.showKeys();
  }

  /** Pins the keys the service lists (those the last Verify read, else as it answers now). */
  async pinServedKeys() {
    if (this.servedKeys === '') {
      const served = await this.api.text('/.well-known/sanctum-keys');
      if (!('text' in served)) {
        this.say(`The service lists no keys: ${served.missing}`, 'failed');
        return;
      }
      this.servedKeys = served.text;
    }
    this.pinKeys(this.servedKeys);
  }

  /** @param {string} text */
  pinKeys(text) {
    store(STORED.keys, text);
    this.elements.keyText.value = '';
    this.showKeys();
  }

  showKeys() {
    const pinned = stored(STORED.keys) !== null;
    this.elements.keys.textContent = pinned
      ? 'Keys: pinned in this browser (the service’s list is not asked for).'
      : 'Keys: the service’s list (GET /.well-known/sanctum-keys), as it answers now.';
    this.elements.pin.hidden = pinned;
    this.elements.forget.hidden = !pinned;
  }

  /** @param {string} text @param {'verifying' | 'verified' | 'not-verified' | 'failed'} state */
  say(text, state) {
    this.elements.status.textContent = text;
    this.elements.panel.dataset.state = state;
  }

  async verify() {
    if (this.running) return;
    this.running = true;
    const { checks, files, progress } = this.elements;
    checks.replaceChildren();
    files.replaceChildren();
    files.hidden = true;
    progress.hidden = true;
    this.say('Reading what you hold…', 'verifying');
    try {
      this.verifier ??= import(VERIFIER_URL);
      const verification = await this.check(await this.verifier);
      if (verification !== null) this.show(verification);
    } catch (error) {
      this.verifier = undefined;
      this.say(`The check stopped: ${/** @type {Error} */ (error).message}`, 'failed');
    } finally {
      progress.hidden = true;
      this.running = false;
    }
  }

  /**
   * Fetches what this viewer holds, hands it to the verifier, keeps what the verifier says to keep.
   * @param {Verifier} verifier
   * @returns {Promise<ViewerVerification | null>}
   */
  async check(verifier) {
    const { api } = this;
    const { gameId } = api;
    // Read in this order, so that nothing read earlier can be ahead of the head while the game goes on: the
    // receipts and the log's head of the game are at or before the head read after them (the record, read last, may
    // go further; it must hold all of them).
    const [viewer, receipts] = await Promise.all([api.viewer(), api.allReceipts()]);
    const pinned = stored(STORED.keys);
    let keys = { name: 'pinned-keys.txt', text: pinned ?? '' };
    if (pinned === null) {
      const served = await api.text('/.well-known/sanctum-keys');
      if (!('text' in served)) throw new Error(`the service lists no keys: ${served.missing}`);
      this.servedKeys = served.text;
      keys = { name: 'keys.json', text: served.text };
    }
    const held = this.kept(gameId, viewer.view);
    const checkpoint = await api.text('/log/checkpoint');
    const size = 'text' in checkpoint ? verifier.checkpointAsWritten(checkpoint.text)?.size : undefined;
    const inclusion =
      size === undefined
        ? { missing: 'no checkpoint of the log to prove against' }
        : fetchedAs(await api.text('/log/tlog-proof', { gameId, size }), 'tlog-proof');
    const keptCheckpoint = stored(STORED.checkpoint);
    const keptSize = keptCheckpoint === null ? undefined : verifier.checkpointAsWritten(keptCheckpoint)?.size;
    const consistency =
      keptCheckpoint === null
        ? null
        : keptSize === undefined || size === undefined
          ? { missing: 'the kept checkpoint, or the log’s, cannot be read' }
          : fetchedAs(await api.text('/log/tlog-consistency', { first: keptSize, second: size }), 'consistency');
    const head = await api.text(`${api.base}/head`);
    if (!('text' in head)) {
      this.say(`The game has no signed head for you: ${head.missing}`, 'failed');
      return null;
    }
    const record = await this.record(head.text, verifier);
    const verification = await verifier.verifyViewerHoldings({
      gameId,
      keys,
      head: { name: 'head.json', text: head.text },
      receipts,
      kept: held,
      log: {
        checkpoint: fetchedAs(checkpoint, 'checkpoint'),
        inclusion,
        kept:
          keptCheckpoint === null || consistency === null
            ? null
            : { checkpoint: { name: 'kept', text: keptCheckpoint }, consistency },
      },
      ...(record === null ? {} : { record }),
    });
    if (verification.keep.checkpoint !== null) store(STORED.checkpoint, verification.keep.checkpoint);
    if (verification.keep.receipts !== null) {
      const kept = JSON.stringify({ receipts: verification.keep.receipts, head: verification.keep.head });
      if (!store(STORED.held(gameId, viewer.view), kept)) this.note('This browser could not keep your receipts.');
    }
    return verification;
  }

  /**
   * What this browser kept of the game in this view at the last look.
   * @param {string} gameId
   * @param {string} view
   * @returns {{ receipts: Receipt[]; head: SignedGameHead | null }}
   */
  kept(gameId, view) {
    try {
      const kept = JSON.parse(stored(STORED.held(gameId, view)) ?? 'null');
      if (kept !== null && Array.isArray(kept.receipts)) return { receipts: kept.receipts, head: kept.head ?? null };
    } catch {
      // Not what this page writes: nothing was kept.
    }
    return { receipts: [], head: null };
  }

  /**
   * The whole record where it is this viewer's to read, with the progress of its re-simulation shown; null (and a
   * note saying why) where it is not.
   * @param {string} headText
   * @param {Verifier} verifier
   * @returns {Promise<{ chunks: AsyncIterable<string>; onProgress: (events: number) => Promise<void> } | null>}
   */
  async record(headText, verifier) {
    let response;
    try {
      response = await this.api.record();
    } catch (error) {
      if (/** @type {{ status?: number }} */ (error).status !== 403) throw error;
      this.note(
        'The whole record is not public: the organiser publishes a finished game’s record, and until then the page checks what you hold against the game’s head and the log.',
      );
      return null;
    }
    if (response.body === null) return null;
    const total = Number(JSON.parse(headText).revision) + 1;
    const { progress } = this.elements;
    progress.max = total;
    progress.value = 0;
    progress.hidden = false;
    this.say(`Re-simulating the record: 0 of ${grouped(total)} events`, 'verifying');
    return {
      chunks: verifier.textChunksOf(response.body),
      onProgress: async (events) => {
        progress.value = events;
        this.say(`Re-simulating the record: ${grouped(events)} of ${grouped(total)} events`, 'verifying');
        await repaint();
      },
    };
  }

  /** @param {string} text a remark beside the checks */
  note(text) {
    this.elements.checks.append(h('li', { class: 'verify-note', testid: 'verify-note' }, text));
  }

  /** @param {ViewerVerification} verification */
  show({ checks, files }) {
    const list = this.elements.checks;
    for (const check of checks) list.append(this.item(check));
    const failed = checks.find((check) => check.outcome === 'does not hold' || check.outcome === 'unusable');
    if (failed === undefined) this.say('Verified: everything you hold checks out.', 'verified');
    else this.say(`NOT verified: ${failed.headline}`, 'not-verified');
    this.elements.files.replaceChildren(
      'The files these checks read, for the same commands on the command line: ',
      ...files.flatMap((file, i) => [
        i === 0 ? '' : ', ',
        h(
          'a',
          {
            href: `data:text/plain;charset=utf-8,${encodeURIComponent(file.text)}`,
            download: file.name,
            testid: `verify-file-${file.name}`,
          },
          file.name,
        ),
      ]),
      ` (the record: GET /games/${this.api.gameId}/export).`,
    );
    this.elements.files.hidden = false;
  }

  /** @param {ViewerCheck} check */
  item(check) {
    return h(
      'li',
      { class: `verify-check outcome-${check.outcome.replace(/ /g, '-')}`, testid: `verify-check-${check.id}` },
      h('span', { class: 'tag' }, OUTCOME_WORDS[check.outcome]),
      ' ',
      h('strong', { testid: `verify-headline-${check.id}` }, check.headline),
      h(
        'details',
        {},
        h('summary', {}, 'verdict'),
        check.command === null ? null : h('p', { class: 'command' }, h('code', {}, `the same as: ${check.command}`)),
        h('pre', { testid: `verify-lines-${check.id}` }, check.lines.join('\n')),
      ),
    );
  }
}
