// @ts-check
// The replay page of one game (served by apps/api at /replay/:id): native ES modules, no framework, no build step.
// It reads the game through the public API only, a page of events at a time (`/events?limit=&describe=true`),
// the board from `/state?at=`, the turns from `/timeline`, and grows with the live stream; so a game of a
// million events is as quick to open and to step through as a short one. Whoever opens it sees what their token
// allows (`/replay/:id#token=…`; the fragment never reaches the server), and the organiser may switch views.
//
// Modules: api-client (the service), page-address (token, view, #rev), event-pages (events as read), event-list
// (the virtualised list), timeline, board (with board-grid: the board as a picture), causal-chain (details, causes,
// consequences), rule-badges, view-switcher, live-follow, receipts-panel; and to follow the game as a person does:
// move-list (turn by turn), standings-strip (who is ahead), game-header (the matchup, a fork's origin, the result),
// minion-story, notes-panel, event-filter, share-link; and verify-panel (the Verify action, with the project's
// verifier loaded when first used). A new panel is one more module wired here.
import { ApiClient } from './api-client.js';
import { Board } from './board.js';
import { CausalChain } from './causal-chain.js';
import { byTestId } from './dom.js';
import { EventList, whenText } from './event-list.js';
import { EventPages, REDACTED } from './event-pages.js';
import { LiveFollow } from './live-follow.js';
import { revisionInAddress, showRevisionInAddress, takeToken, tokenInAddress, viewInAddress } from './page-address.js';
import { ReceiptsPanel } from './receipts-panel.js';
import { RuleBadges } from './rule-badges.js';
import { Timeline } from './timeline.js';
import { showViewer } from './view-switcher.js';
import { MoveList } from './move-list.js';
import { StandingsStrip } from './standings-strip.js';
import { GameHeader } from './game-header.js';
import { MinionStoryPanel } from './minion-story.js';
import { NotesPanel } from './notes-panel.js';
import { EventFilter } from './event-filter.js';
import { ShareLink, settleSharedView } from './share-link.js';
import { VerifyPanel } from './verify-panel.js';

/** @typedef {import('./types.js').EventLine} EventLine */
/** @typedef {import('./types.js').ShownState} ShownState */

/** How long after the first board the move list, the standings and the notes are read. */
const FOLLOW_AFTER_MS = 400;

/** States kept, by revision: stepping back and forth over a stretch needs no new request. */
const STATE_CACHE_SIZE = 400;

const gameId = String(document.body.dataset.gameId);
const api = new ApiClient(gameId, takeToken(gameId), viewInAddress());
const pages = new EventPages(api);
const badges = new RuleBadges(api);

const ui = {
  slider: byTestId('revision-slider'),
  revision: byTestId('revision'),
  revisionMax: byTestId('revision-max'),
  live: byTestId('live-status'),
  viewerMode: byTestId('viewer-mode'),
};
const slider = /** @type {HTMLInputElement} */ (ui.slider);
const list = new EventList(byTestId('event-list'), byTestId('event-list-heading'), pages, badges);
const timeline = new Timeline(byTestId('timeline'), (revision) => select(revision));
const board = new Board(byTestId('board'), byTestId('board-when'));
const live = new LiveFollow(ui.live, api, pages, arrived);
const receipts = new ReceiptsPanel(
  {
    panel: byTestId('receipts-panel'),
    list: byTestId('receipts'),
    more: byTestId('receipts-more'),
    download: byTestId('receipts-download'),
    status: byTestId('receipts-status'),
  },
  api,
  receiptFound,
);
const moves = new MoveList(
  {
    list: byTestId('move-list'),
    status: byTestId('moves-status'),
    earlier: byTestId('moves-earlier'),
    later: byTestId('moves-later'),
  },
  api,
  pages,
);
const standings = new StandingsStrip(
  { strip: byTestId('standings-strip'), words: byTestId('standings-now'), measures: byTestId('standings-measures') },
  api,
);
const header = new GameHeader(
  { matchup: byTestId('matchup'), fork: byTestId('fork-provenance'), banner: byTestId('result-banner') },
  pages,
);
const story = new MinionStoryPanel(
  {
    panel: byTestId('minion-story'),
    title: byTestId('story-title'),
    body: byTestId('story-body'),
    close: byTestId('story-close'),
  },
  api,
);
const notes = new NotesPanel(
  {
    here: byTestId('notes-here'),
    list: byTestId('notes'),
    form: byTestId('note-form'),
    status: byTestId('notes-status'),
  },
  api,
  () => model.selected,
);
// The raw events' filter: it lists its matches in place of the full list.
new EventFilter(
  {
    form: byTestId('event-filter'),
    results: byTestId('filtered-events'),
    list: byTestId('filtered-list'),
    status: byTestId('filter-status'),
    more: byTestId('filter-more'),
    clear: byTestId('filter-clear'),
  },
  api,
  badges,
);
new ShareLink(
  { button: byTestId('copy-link'), field: byTestId('share-link'), status: byTestId('share-status') },
  gameId,
  () => model.selected,
);
new VerifyPanel(
  {
    open: byTestId('verify'),
    panel: byTestId('verify-panel'),
    close: byTestId('verify-close'),
    keys: byTestId('verify-keys'),
    pin: byTestId('verify-pin'),
    forget: byTestId('verify-forget-keys'),
    keyText: byTestId('verify-key-text'),
    pinText: byTestId('verify-pin-text'),
    run: byTestId('verify-again'),
    status: byTestId('verify-status'),
    progress: byTestId('verify-progress'),
    checks: byTestId('verify-checks'),
    files: byTestId('verify-files'),
  },
  api,
);
/** @type {CausalChain} */
let chain;
/** The panels that follow the game as a person does start once the first board is drawn (it comes first). */
let followStarted = false;

const model = {
  selected: -1,
  /** Whether new events move the selection along (they do while the last event is selected). */
  follow: true,
  /** @type {Map<number, ShownState>} */
  states: new Map(),
  /** The revision whose state is wanted, and whether a request is under way (one at a time; the newest wins). */
  wanted: -1,
  loading: false,
  /** States being fetched, by revision: a step onto a revision being prefetched waits for that answer. */
  /** @type {Map<number, Promise<ShownState>>} */
  fetching: new Map(),
  /** Turns whose released orders have been asked for (placeholders shown before their execution was read). */
  releasesAsked: new Set(),
  /** Whether this tab's token is the organiser's (it may write notes, whatever view it shows). */
  organiserToken: false,
  /**
   * A revision button clicked (a receipt's) before the game was read: the start selects it, not the last event.
   * @type {number | undefined}
   */
  chosenEarly: undefined,
};

// ------------------------------------------------------------------------------------------- selection

/**
 * Selects a revision: list, slider, timeline and details at once; the board once its state is in.
 * @param {number} revision
 * @param {{ from?: 'list' | 'slider' | 'other' }} [options]
 */
function select(revision, { from } = {}) {
  const max = pages.count - 1;
  if (max < 0) return;
  const next = Math.min(Math.max(Math.round(revision), 0), max);
  model.follow = next === max;
  if (next === model.selected) return;
  model.selected = next;
  list.select(next, { scroll: from !== 'list' });
  if (from !== 'slider') slider.value = String(next);
  ui.revision.textContent = String(next);
  timeline.mark(next);
  const event = pages.get(next);
  if (event !== undefined) showSelected(event);
  else void pages.fetch(next).then((line) => line !== undefined && model.selected === next && showSelected(line));
  wantState(next);
  showRevisionInAddress(next);
  if (followStarted) follow(next);
}

/**
 * The move list, the standings strip and the notes at the selected revision (once its turn is known).
 * @param {number} revision
 */
function follow(revision) {
  standings.show(revision, pages.count);
  notes.show(revision);
  const event = pages.get(revision);
  if (event !== undefined) moves.show(revision, Number(event.metadata.turn));
  else
    void pages
      .fetch(revision)
      .then(
        (line) => line !== undefined && model.selected === revision && moves.show(revision, Number(line.metadata.turn)),
      );
}

/** After the first board: the panels to follow the game read what they need. */
function startFollowing() {
  if (followStarted) return;
  followStarted = true;
  follow(model.selected);
  void header.start();
  void standings.read();
  void notes.start(model.organiserToken);
}

/** @param {EventLine} event */
function showSelected(event) {
  slider.setAttribute(
    'aria-valuetext',
    `revision ${event.revision} of ${pages.count - 1}: ${event.type}, ${whenText(event)}`,
  );
  void chain?.show(event);
  board.highlight(event.type === 'GameCreated' ? null : event.data);
}

/**
 * A receipt came in for a revision: the details name it if that event is the one shown (its causes stay as drawn).
 * @param {number} revision
 */
function receiptFound(revision) {
  const shown = pages.get(revision);
  if (shown !== undefined && chain?.showing === revision) chain.details(shown);
}

const ACTIONS = {
  first: () => select(0),
  prev: () => select(model.selected - 1),
  next: () => select(model.selected + 1),
  last: () => select(pages.count - 1),
  'prev-phase': () => select(timeline.phaseStep(model.selected, -1) ?? model.selected),
  'next-phase': () => select(timeline.phaseStep(model.selected, 1) ?? model.selected),
};
/** @type {Record<string, keyof typeof ACTIONS>} */
const KEYS = {
  ArrowLeft: 'prev',
  ArrowRight: 'next',
  Home: 'first',
  End: 'last',
  PageUp: 'prev-phase',
  PageDown: 'next-phase',
};

// ------------------------------------------------------------------------------------------------ board

/**
 * Shows the state after a revision: at once when it is here, else once fetched.
 * @param {number} revision
 */
function wantState(revision) {
  model.wanted = revision;
  const cached = model.states.get(revision);
  if (cached !== undefined) {
    // The neighbours are asked for first: the service reads them while this board is drawn.
    prefetch(revision - 1);
    prefetch(revision + 1);
    showBoard(revision, cached);
    return;
  }
  board.waiting();
  if (!model.loading) void pump();
}

async function pump() {
  model.loading = true;
  try {
    while (!model.states.has(model.wanted)) {
      const revision = model.wanted;
      try {
        remember(revision, await stateAt(revision));
      } catch (error) {
        if (model.wanted === revision) {
          board.failed(revision, /** @type {Error} */ (error));
          return;
        }
      }
    }
    prefetch(model.wanted - 1);
    prefetch(model.wanted + 1);
    showBoard(model.wanted, /** @type {ShownState} */ (model.states.get(model.wanted)));
  } finally {
    model.loading = false;
  }
}

/**
 * The state after a revision from the service, one request per revision however many want it.
 * @param {number} revision
 * @returns {Promise<ShownState>}
 */
function stateAt(revision) {
  const under = model.fetching.get(revision);
  if (under !== undefined) return under;
  const read = api
    .state(revision)
    .then((body) => body.state)
    .finally(() => model.fetching.delete(revision));
  model.fetching.set(revision, read);
  return read;
}

/**
 * @param {number} revision
 * @param {ShownState} state
 */
function showBoard(revision, state) {
  if (revision !== model.wanted) return;
  // The state's turn and phase are those of the event it follows.
  board.show(revision, state, whenText({ metadata: { turn: state.turn, phase: state.phase } }));
  const event = pages.get(revision);
  board.highlight(event === undefined || event.type === 'GameCreated' ? null : event.data);
  // The board comes first: the panels that follow the game start reading a moment after it is drawn, so that a
  // step taken at once is answered before them.
  if (!followStarted) setTimeout(startFollowing, FOLLOW_AFTER_MS);
}

/**
 * @param {number} revision
 * @param {ShownState} state
 */
function remember(revision, state) {
  model.states.set(revision, state);
  if (model.states.size > STATE_CACHE_SIZE)
    model.states.delete(/** @type {number} */ (model.states.keys().next().value));
}

/**
 * A step either way is probably wanted next: fetched while the page is idle.
 * @param {number} revision
 */
function prefetch(revision) {
  if (revision < 0 || revision >= pages.count || model.states.has(revision) || model.fetching.has(revision)) return;
  stateAt(revision).then(
    (state) => remember(revision, state),
    () => undefined,
  );
}

// ------------------------------------------------------------------------------------------------ live

/**
 * Events the stream added: the timeline grows, and so does the selection while it follows the end.
 * @param {EventLine[]} events
 */
function arrived(events) {
  for (const event of events) timeline.grow(event);
  receipts.grew();
  header.arrived(events);
  moves.grew();
  standings.grew();
  slider.max = String(pages.count - 1);
  ui.revisionMax.textContent = String(pages.count - 1);
  if (model.follow) select(pages.count - 1);
  const shown = pages.get(model.selected);
  // A released order replaces its placeholder where it was given: the details follow if it is the one shown.
  if (shown !== undefined && chain?.showing === shown.revision && shown.type !== REDACTED) {
    const details = byTestId('selected-event-type');
    if (details.textContent !== shown.type) showSelected(shown);
  }
}

/**
 * Placeholders of a turn whose execution the page has not read yet: that page (with the turn's released orders)
 * is read, so the orders show in place as they do for a game followed live.
 */
function askReleases() {
  for (let revision = list.firstShown; revision <= list.lastShown; revision += 1) {
    const event = pages.get(revision);
    if (event?.type !== REDACTED || event.metadata.phase !== 'orders') continue;
    const turn = Number(event.metadata.turn);
    if (model.releasesAsked.has(turn)) continue;
    const execution = timeline.executionOf(turn);
    if (execution === undefined) continue;
    model.releasesAsked.add(turn);
    void pages.fetch(execution.from).then(() => list.schedule());
  }
}

/** The event types the filter offers: those of the events read so far. */
const offeredTypes = new Set();
function offerTypes() {
  const list = document.getElementById('event-types');
  if (list === null) return;
  for (const lines of pages.pages.values()) {
    for (const line of lines) {
      if (line === undefined || offeredTypes.has(line.type)) continue;
      offeredTypes.add(line.type);
      list.append(new Option(line.type));
    }
  }
}

// ------------------------------------------------------------------------------------------------ start

function wire() {
  slider.addEventListener('input', () => select(Number(slider.value), { from: 'slider' }));
  document.querySelector('.step-buttons')?.addEventListener('click', (event) => {
    const button = /** @type {Element} */ (event.target).closest('button[data-action]');
    const action = button instanceof HTMLElement ? button.dataset.action : undefined;
    if (action !== undefined && action in ACTIONS) ACTIONS[/** @type {keyof typeof ACTIONS} */ (action)]();
  });
  // One listener for every revision button: list rows, timeline bands, turn marks, chain and "caused" links.
  // A minion's name on the board opens its story.
  document.addEventListener('click', (event) => {
    const button = /** @type {Element} */ (event.target).closest('button[data-minion]');
    if (button instanceof HTMLElement) void story.open(String(button.dataset.minion));
  });
  document.addEventListener('click', (event) => {
    const button = /** @type {Element} */ (event.target).closest('button[data-revision]');
    if (!(button instanceof HTMLElement)) return;
    const revision = Number(button.dataset.revision);
    if (pages.count === 0) model.chosenEarly = revision;
    select(revision, { from: button.closest('.event-list') ? 'list' : 'other' });
  });
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = /** @type {Element} */ (event.target);
    // The slider moves itself on these keys (and says so through `input`); form fields keep their keys.
    if (target === slider || target.closest?.('input, textarea, select, [contenteditable]')) return;
    if (target.closest?.('.event-list') && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      select(model.selected + (event.key === 'ArrowUp' ? -1 : 1), { from: 'other' });
      list.focusSelected();
      return;
    }
    const action = KEYS[event.key];
    if (action === undefined) return;
    event.preventDefault();
    ACTIONS[action]();
  });
  window.addEventListener('hashchange', () => {
    // Another token (or `#token=`, the public view) pasted into the address: the page starts over with it.
    if (tokenInAddress()) {
      takeToken(gameId);
      location.reload();
      return;
    }
    const wanted = revisionInAddress();
    if (wanted !== undefined) select(wanted);
  });
  pages.onChange(() => requestAnimationFrame(askReleases));
  pages.onChange(offerTypes);
}

async function start() {
  wire();
  try {
    await settleSharedView(api);
    const [viewer, latest] = await Promise.all([api.viewer(), api.state()]);
    showViewer(ui.viewerMode, viewer);
    model.organiserToken = viewer.views.length > 1;
    // The service's own explanations are the organiser's, and quote everything: only in the organiser's own view.
    chain = new CausalChain(
      {
        selected: byTestId('selected-event'),
        chain: byTestId('causal-chain'),
        consequences: byTestId('consequences'),
      },
      pages,
      badges,
      api,
      viewer.view === 'organiser',
    );
    chain.receiptNote = (revision) => receipts.note(revision);
    pages.count = latest.revision + 1;
    remember(latest.revision, latest.state);
  } catch (error) {
    const status = /** @type {{ status?: number }} */ (error).status ?? 0;
    const hint = [401, 403].includes(status) ? ' (the address’s #token= sets another token; empty: public view)' : '';
    ui.live.textContent = `Cannot load the game: ${/** @type {Error} */ (error).message}${hint}`;
    byTestId('board').removeAttribute('aria-busy');
    return;
  }
  const last = pages.count - 1;
  slider.max = String(last);
  slider.disabled = false;
  ui.revisionMax.textContent = String(last);
  // Drawn where the selection is, not first at the top: no page of events is read that no one will see.
  list.fitHeight();
  select(model.chosenEarly ?? revisionInAddress() ?? last);
  live.start();
  api.timeline().then(
    (answer) => {
      timeline.show(answer.segments, answer.revision + 1);
      // Events the stream brought meanwhile.
      for (let revision = answer.revision + 1; revision < pages.count; revision += 1) {
        const event = pages.get(revision);
        if (event !== undefined) timeline.grow(event);
      }
      askReleases();
    },
    () => undefined,
  );
}

void start();
