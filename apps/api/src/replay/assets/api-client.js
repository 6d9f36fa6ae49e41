// @ts-check
// The page's only way to the service: the public API, with this tab's token and the view the organiser chose.

/** @typedef {import('./types.js').EventLine} EventLine */
/** @typedef {import('./types.js').ShownState} ShownState */
/** @typedef {import('./types.js').Timeline} Timeline */
/** @typedef {import('./types.js').RuleEntry} RuleEntry */
/** @typedef {import('./types.js').EventCausation} EventCausation */
/** @typedef {import('./types.js').ViewName} ViewName */
/** @typedef {import('./types.js').ViewerAnswer} ViewerAnswer */
/** @typedef {import('./types.js').Receipt} Receipt */
/** @typedef {import('./types.js').ReceiptCommand} ReceiptCommand */
/** @typedef {import('./types.js').MovesPage} MovesPage */
/** @typedef {import('./types.js').Standings} Standings */
/** @typedef {import('./types.js').MinionStory} MinionStory */
/** @typedef {import('./types.js').Note} Note */

/** An answer that was not 2xx: its status, and the service's message. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(`${status}: ${message}`);
    this.status = status;
  }
}

/** Events per page the page asks for. */
export const PAGE_SIZE = 250;

/** Receipts per request when all of them are read (the most `GET /games/:id/receipts?limit=` answers). */
const RECEIPTS_READ = 5000;

/**
 * A query string of the values given (`?a=1&b=2`, or nothing).
 * @param {URLSearchParams} params
 */
const searchOf = (params) => {
  const search = params.toString();
  return search ? `?${search}` : '';
};

/**
 * @param {Record<string, string | number | undefined>} query
 * @returns {URLSearchParams}
 */
function paramsOf(query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return params;
}

/**
 * The service's reason in an error answer's body (one message, or a list of them), if it gave one.
 * @param {{ message?: string | string[] }} body
 * @returns {string | undefined}
 */
const messageOf = (body) => (Array.isArray(body.message) ? body.message.join('; ') : body.message);

/**
 * The ApiError of an answer that is not ok, with the service's reason where it gave one.
 * @param {Response} response
 * @returns {Promise<ApiError>}
 */
async function apiErrorOf(response) {
  const body = await response.json().catch(() => ({}));
  return new ApiError(response.status, messageOf(body) ?? response.statusText);
}

export class ApiClient {
  /**
   * @param {string} gameId
   * @param {string | undefined} token
   * @param {ViewName | undefined} view the organiser's choice (`?as=`); undefined: the token's own view
   */
  constructor(gameId, token, view) {
    this.gameId = gameId;
    this.token = token;
    this.view = view;
    this.base = `/games/${encodeURIComponent(gameId)}`;
  }

  /**
   * A door of the service, with the view the page shows when it is one of the game's (each of them takes `?as=`);
   * the rules reference is nobody's view.
   * @template T
   * @param {string} path
   * @param {Record<string, string | number | undefined>} [query]
   * @returns {Promise<T>}
   */
  async get(path, query = {}) {
    const params = paramsOf(query);
    if (this.view !== undefined && path.startsWith(`${this.base}/`)) params.set('as', this.view);
    const response = await fetch(`${path}${searchOf(params)}`, {
      headers: this.headers({ Accept: 'application/json' }),
    });
    if (!response.ok) throw await apiErrorOf(response);
    return response.json();
  }

  /** @returns {Promise<ViewerAnswer>} */
  viewer() {
    return this.get(`${this.base}/viewer`);
  }

  /**
   * The state right after a revision (or the latest), as this viewer sees it.
   * @param {number} [at]
   * @returns {Promise<{ gameId: string; revision: number; state: ShownState }>}
   */
  state(at) {
    return this.get(`${this.base}/state`, { at });
  }

  /**
   * One page of events, with their sentences.
   * @param {number} from
   * @param {number} [limit]
   * @returns {Promise<{ events: EventLine[]; next: number | null }>}
   */
  events(from, limit = PAGE_SIZE) {
    return this.get(`${this.base}/events`, { from, limit, describe: 'true' });
  }

  /** @returns {Promise<Timeline>} */
  timeline() {
    return this.get(`${this.base}/timeline`);
  }

  /**
   * The organiser's explanation of an event (`…/why`); only asked in the organiser's own view.
   * @param {number} revision
   * @returns {Promise<EventCausation>}
   */
  why(revision) {
    return this.get(`${this.base}/events/${revision}/why`);
  }

  /**
   * A page of the signed receipts of the commands this view may see (those recorded from `from` on), recomputed by
   * the service from the stored events; `next` the `from` of the next page, null after the last.
   * @param {number} from
   * @param {number} limit
   * @returns {Promise<{ gameId: string; receipts: Receipt[]; commands?: ReceiptCommand[]; next: number | null }>}
   */
  receipts(from, limit) {
    return this.get(`${this.base}/receipts`, { from, limit, describe: 'true' });
  }

  /** @returns {Promise<{ rules: RuleEntry[] }>} */
  rules() {
    return this.get('/rules');
  }

  /**
   * A page of the move list: `turns` turns from `turn` (0: the set-up), as this view sees them.
   * @param {number} turn
   * @param {number} turns
   * @returns {Promise<MovesPage>}
   */
  moves(turn, turns) {
    return this.get(`${this.base}/moves`, { turn, turns });
  }

  /** @returns {Promise<Standings>} who is ahead, turn by turn */
  standings() {
    return this.get(`${this.base}/standings`);
  }

  /**
   * A minion's story and why it died.
   * @param {string} minionId
   * @returns {Promise<MinionStory>}
   */
  story(minionId) {
    return this.get(`${this.base}/why`, { minion: minionId });
  }

  /** @returns {Promise<{ gameId: string; notes: Note[] }>} the notes this view may read */
  notes() {
    return this.get(`${this.base}/notes`);
  }

  /**
   * Writes a note (the organiser's).
   * @param {{ revision: number; text: string; visibleTo: string[] }} note
   */
  addNote(note) {
    return this.post(`${this.base}/notes`, note);
  }

  /**
   * A page of events that match a filter (`limit` revisions read from `from`), with their sentences.
   * @param {number} from
   * @param {number} limit
   * @param {{ types?: string; minion?: string; player?: string; rule?: string }} filter
   * @returns {Promise<{ events: EventLine[]; next: number | null }>}
   */
  filteredEvents(from, limit, filter) {
    return this.get(`${this.base}/events`, { from, limit, describe: 'true', ...filter });
  }

  /**
   * @template T
   * @param {string} path
   * @param {unknown} body
   * @returns {Promise<T>}
   */
  async post(path, body) {
    const headers = this.headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
    const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw await apiErrorOf(response);
    return response.json();
  }

  /**
   * A door's answer as text, with this tab's token but never the organiser's `?as=` (the log, the keys, the head are
   * the same for every view): `missing` is the service's reason where it has none (a head not logged yet: 404).
   * @param {string} path
   * @param {Record<string, string | number | undefined>} [query]
   * @returns {Promise<{ text: string } | { status: number; missing: string }>}
   */
  async text(path, query = {}) {
    const response = await fetch(`${path}${searchOf(paramsOf(query))}`, { headers: this.headers() });
    const text = await response.text();
    if (response.ok) return { text };
    /** @type {{ message?: string | string[] }} */
    let body = {};
    try {
      body = JSON.parse(text);
    } catch {
      // Not the service's JSON error: the status says enough.
    }
    return { status: response.status, missing: messageOf(body) ?? `${response.status} ${response.statusText}` };
  }

  /**
   * Every receipt this view may see, read page after page (the Verify action holds them all).
   * @returns {Promise<Receipt[]>}
   */
  async allReceipts() {
    /** @type {Receipt[]} */
    const all = [];
    /** @type {number | null} */
    let from = 0;
    while (from !== null) {
      /** @type {{ receipts: Receipt[]; next: number | null }} */
      const page = await this.get(`${this.base}/receipts`, { from, limit: RECEIPTS_READ });
      all.push(...page.receipts);
      from = page.next;
    }
    return all;
  }

  /**
   * The game's whole record as stored (`GET /games/:id/export`): the organiser's, and everyone's once published. The
   * answer is returned as it comes, to be read as a stream; a refusal is an ApiError.
   * @returns {Promise<Response>}
   */
  async record() {
    const response = await fetch(`${this.base}/export`, { headers: this.headers() });
    if (!response.ok) throw await apiErrorOf(response);
    return response;
  }

  /**
   * These headers, with this tab's token.
   * @param {Record<string, string>} [headers]
   * @returns {Record<string, string>}
   */
  headers(headers = {}) {
    return this.token ? { ...headers, Authorization: `Bearer ${this.token}` } : headers;
  }

  /**
   * The game's live events after `from` (an EventSource cannot send headers: the token goes as `?token=`).
   * @param {number} from
   */
  streamUrl(from) {
    const params = new URLSearchParams({ from: String(from), describe: 'true' });
    if (this.token) params.set('token', this.token);
    if (this.view !== undefined) params.set('as', this.view);
    return `${this.base}/events/stream?${params}`;
  }
}
