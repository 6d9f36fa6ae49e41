/* global document, window, fetch, EventSource, history, location, requestAnimationFrame, setTimeout, clearTimeout,
   sessionStorage, URLSearchParams */
// The replay page of one game (issue #4), served by apps/api at /replay/:id. Plain ES2020, no framework, no
// build step. It reads the game through the public API only: the events once (`/games/:id/events`), the state
// at the selected revision (`/games/:id/state?at=`, cached here), and the live SSE stream to grow the timeline.
// Stepping never re-renders the event list: it moves a selection mark; only the board is rebuilt per revision.
// Whoever opens it sees what their token allows (issue #5): `/replay/:id#token=…` (the fragment never reaches the
// server or its logs); without one, the public view, where hidden events show as `Redacted`.

const gameId = document.body.dataset.gameId;
const api = `/games/${encodeURIComponent(gameId)}`;
const PLAYERS = ['red', 'blue', 'neutral'];
const STATE_CACHE_SIZE = 400;
const TOKEN_KEY = `sanctum-replay-token:${gameId}`;

/**
 * The token of `#token=…`, kept for this tab (a reload still works) and taken out of the address, so that it is not
 * copied along with a link. `#token=` (empty) goes back to the public view.
 */
function takeToken() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get('token');
  try {
    if (given === null) return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
    if (given === '') sessionStorage.removeItem(TOKEN_KEY);
    else sessionStorage.setItem(TOKEN_KEY, given);
  } catch {
    // No storage (a locked-down browser): the token lasts as long as the page.
  }
  fragment.delete('token');
  const rest = fragment.toString();
  history.replaceState(null, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
  return given || undefined;
}
const token = takeToken();
const authorization = token ? { Authorization: `Bearer ${token}` } : {};

/** `#rev=N` of the address, if any. */
function revisionInHash() {
  const rev = new URLSearchParams(location.hash.slice(1)).get('rev');
  return rev !== null && /^\d+$/.test(rev) ? Number(rev) : undefined;
}

const byTestId = (id) => document.querySelector(`[data-testid="${id}"]`);
const ui = {
  slider: byTestId('revision-slider'),
  revision: byTestId('revision'),
  revisionMax: byTestId('revision-max'),
  timeline: byTestId('timeline'),
  list: byTestId('event-list'),
  board: byTestId('board'),
  boardWhen: byTestId('board-when'),
  live: byTestId('live-status'),
  selected: byTestId('selected-event'),
  chain: byTestId('causal-chain'),
  consequences: byTestId('consequences'),
  viewerMode: byTestId('viewer-mode'),
  receipts: byTestId('receipts'),
  receiptsDownload: byTestId('receipts-download'),
};

/** Everything the page knows; events[i] is the event of revision i (a game stream has no gaps). */
const model = {
  events: [],
  /** revision → the revisions whose causationId names it. */
  caused: new Map(),
  /** order id → the revision of the event that placed it (SpellTargeted, AttackOrdered, CardDiscarded). */
  orderPlaced: new Map(),
  /** Runs of events with the same turn and phase: {turn, phase, from, to}. */
  segments: [],
  /** The list's row of each revision, to move the selection without touching the rest of the list. */
  rows: [],
  segmentButtons: [],
  selected: -1,
  /** Whether new events move the selection along (it does while the last event is selected). */
  follow: true,
  states: new Map(),
  /** The revision whose state is wanted, and whether a request is under way (at most one at a time). */
  wanted: -1,
  loading: false,
  /** Whether the service has `GET /games/:id/events/:revision/why` (unknown until asked). */
  whyEndpoint: undefined,
  whyAnswers: new Map(),
  /** revision → the signed receipt of the command that revision ends (those this viewer may see). */
  receipts: new Map(),
};

// ---------------------------------------------------------------------------------------------- helpers

/** A new element: `h('li', {class: 'x', testid: 'y', title: 'z'}, child, 'text', …)`. */
function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') element.className = value;
    else if (key === 'testid') element.dataset.testid = value;
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  element.append(...children.flat().filter((child) => child !== undefined && child !== null && child !== false));
  return element;
}

async function getJson(url) {
  const response = await fetch(url, { headers: { Accept: 'application/json', ...authorization } });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    const message = Array.isArray(body.message) ? body.message.join('; ') : body.message;
    throw Object.assign(new Error(`${response.status}: ${message ?? response.statusText}`), {
      status: response.status,
    });
  }
  return response.json();
}

/** `<gameId>@<revision>` → the revision; anything else (a command id, another game's event) → undefined. */
function revisionOf(causationId) {
  if (typeof causationId !== 'string' || !causationId.startsWith(`${gameId}@`)) return undefined;
  const rest = causationId.slice(gameId.length + 1);
  return /^\d+$/.test(rest) ? Number(rest) : undefined;
}

function describeTarget(target) {
  if (target === null || typeof target !== 'object') return String(target);
  if (target.globe) return 'the globe';
  const [kind, id] = Object.entries(target)[0] ?? ['?', '?'];
  return kind === 'minion' ? id : `${kind} ${id}`;
}

function describeMana(mana) {
  const parts = Object.entries(mana ?? {})
    .filter(([, amount]) => amount !== 0)
    .map(([kind, amount]) => `${kind} ${amount}`);
  return parts.length === 0 ? 'none' : parts.join(' · ');
}

/** The events that place an order; later events name the order by its id. */
const PLACING = new Set(['SpellTargeted', 'AttackOrdered', 'CardDiscarded']);
/** What a viewer gets in place of an event it may not see (libs/games EventRedactor). */
const REDACTED = 'Redacted';

/** The revision that placed the order an event carries out (SpellExecuting, AttackExecuting…), if any. */
function placedAt(event) {
  const placed = model.orderPlaced.get(event.data?.orderId);
  return placed === undefined || placed === event.revision ? undefined : placed;
}

const PHASE_NAMES = {
  setup: 'set-up',
  start: 'start',
  orders: 'orders',
  spellExecution: 'spell execution',
  combat: 'combat',
  endOfTurn: 'end of turn',
  garbageCollection: 'garbage collection',
};
const phaseName = (phase) => PHASE_NAMES[phase] ?? phase;
const whenText = (event) =>
  event.metadata.phase === 'setup' ? 'set-up' : `turn ${event.metadata.turn} · ${phaseName(event.metadata.phase)}`;

/** One line about an event's data, for the list. */
function summarize(event) {
  const d = event.data ?? {};
  switch (event.type) {
    case REDACTED:
      // Something this viewer may not see: in the orders phase, the other side's order (released at execution).
      return event.metadata.phase === 'orders' ? 'hidden order' : 'hidden event';
    case 'GameCreated':
      return d.name ?? '';
    case 'TurnStarted':
      return `turn ${d.turn}, ${d.initiative} has the initiative`;
    case 'SpellTargeted':
      return `${d.player} ${d.spell} → ${describeTarget(d.target)} (${d.orderId})`;
    case 'SpellExecuting':
      return `${d.player} ${d.spell} → ${describeTarget(d.target)}`;
    case 'AttackOrdered':
    case 'AttackExecuting':
      return `${d.attackerId} attacks ${d.victimId}`;
    case 'DamageIncoming':
      return `${d.amount} to ${d.minionId}${d.damage?.magical ? ' (magical)' : ''}${d.attackerId ? ` from ${d.attackerId}` : ''}`;
    case 'ArmorSoaked':
      return `${d.minionId}: armor ${d.armorBefore} → ${d.armorAfter}, damage ${d.damageBefore} → ${d.damageAfter}`;
    case 'DamageApplied':
      return `${d.minionId}: HP ${d.hpBefore} → ${d.hpAfter}`;
    case 'ManaGenerated':
      return `${d.player} gains ${describeMana(d.mana)}`;
    case 'CardsDrawn':
      if (d.cards?.length) return `${d.player} draws ${d.cards.join(', ')}`;
      return d.cardCount
        ? `${d.player} draws ${d.cardCount} hidden card${d.cardCount === 1 ? '' : 's'}`
        : `${d.player} draws nothing`;
    default:
      return Object.values(d)
        .map((value) =>
          value === null || typeof value !== 'object'
            ? String(value)
            : Array.isArray(value)
              ? value.filter((item) => typeof item !== 'object').join(', ')
              : describeTarget(value),
        )
        .filter((text) => text !== '' && text !== 'null')
        .join(' · ')
        .slice(0, 90);
  }
}

// ------------------------------------------------------------------------------------------ timeline

/** Adds events to the model and to the list, in revision order (duplicates are ignored). */
function addEvents(events) {
  const fragment = document.createDocumentFragment();
  let added = false;
  for (const event of events) {
    if (event.revision !== model.events.length) continue;
    const previous = model.events[event.revision - 1];
    model.events.push(event);
    added = true;
    index(event);
    const last = model.segments[model.segments.length - 1];
    if (previous === undefined || last.turn !== event.metadata.turn || last.phase !== event.metadata.phase) {
      model.segments.push({ turn: event.metadata.turn, phase: event.metadata.phase, from: event.revision });
      fragment.append(
        h('li', { class: `phase-row phase-${event.metadata.phase}`, role: 'presentation' }, whenText(event)),
      );
    }
    model.segments[model.segments.length - 1].to = event.revision;
    const row = eventRow(event);
    model.rows[event.revision] = row;
    fragment.append(row);
    // T2: the turn executes, and the orders shown as `Redacted` until now come out: they take their places.
    if (Array.isArray(event.released)) event.released.forEach(reveal);
  }
  if (!added) return false;
  ui.list.append(fragment);
  const max = model.events.length - 1;
  ui.slider.max = String(max);
  ui.slider.disabled = false;
  ui.revisionMax.textContent = String(max);
  renderTimeline();
  return true;
}

/** Notes what later events refer to: the order an event places, the event an event was caused by. */
function index(event) {
  if (PLACING.has(event.type) && typeof event.data?.orderId === 'string') {
    model.orderPlaced.set(event.data.orderId, event.revision);
  }
  const cause = revisionOf(event.metadata.causationId);
  if (cause !== undefined) {
    if (!model.caused.has(cause)) model.caused.set(cause, []);
    const caused = model.caused.get(cause);
    if (!caused.includes(event.revision)) caused.push(event.revision);
    caused.sort((a, b) => a - b);
  }
}

/** A released order's event replaces its `Redacted` placeholder, in the model and in the list. */
function reveal(event) {
  const placeholder = model.events[event.revision];
  if (!placeholder || placeholder.type !== REDACTED) return;
  model.events[event.revision] = event;
  index(event);
  const row = eventRow(event);
  const old = model.rows[event.revision];
  if (old.classList.contains('selected')) {
    row.classList.add('selected');
    row.firstElementChild.setAttribute('aria-current', 'true');
  }
  old.replaceWith(row);
  model.rows[event.revision] = row;
  if (model.selected === event.revision) renderSelectedEvent(event);
}

function eventRow(event) {
  const { revision, type, metadata } = event;
  return h(
    'li',
    { class: type === REDACTED ? 'event redacted' : 'event', testid: `event-${revision}`, 'data-revision': revision },
    h(
      'button',
      { type: 'button', 'data-revision': revision },
      h('span', { class: 'rev' }, String(revision)),
      h('span', { class: 'type' }, type),
      metadata.step ? h('span', { class: 'code step', title: `pipeline step ${metadata.step}` }, metadata.step) : null,
      metadata.rule ? h('span', { class: 'code rule', title: `rule ${metadata.rule}` }, metadata.rule) : null,
      h('span', { class: 'summary' }, summarize(event)),
    ),
  );
}

/** The turn/phase strip under the slider: one clickable band per phase run, a label per turn. */
function renderTimeline() {
  const max = Math.max(model.events.length - 1, 1);
  const fragment = document.createDocumentFragment();
  model.segmentButtons = [];
  let turn;
  for (const [index, segment] of model.segments.entries()) {
    const next = model.segments[index + 1];
    const left = (segment.from / max) * 100;
    const end = next ? next.from : model.events.length - 1;
    const width = ((end - segment.from) / max) * 100;
    const label =
      segment.phase === 'setup'
        ? `Set-up, revision ${segment.from}`
        : `Turn ${segment.turn}, ${phaseName(segment.phase)}, revisions ${segment.from}–${segment.to}`;
    // Out of the tab order (there can be hundreds): Page Up / Page Down step through the phases.
    const band = h('button', {
      type: 'button',
      tabindex: -1,
      class: `band phase-${segment.phase}`,
      testid: `marker-t${segment.turn}-${segment.phase}`,
      'data-revision': segment.from,
      title: label,
      'aria-label': label,
    });
    band.style.left = `${left}%`;
    band.style.width = `${width}%`;
    model.segmentButtons.push(band);
    fragment.append(band);
    if (segment.turn !== turn && segment.phase !== 'setup') {
      turn = segment.turn;
      const mark = h(
        'button',
        {
          type: 'button',
          class: 'turn-mark',
          testid: `marker-turn-${turn}`,
          'data-revision': segment.from,
          title: `Turn ${turn} starts (revision ${segment.from})`,
          'aria-label': `Turn ${turn} starts, revision ${segment.from}`,
        },
        `T${turn}`,
      );
      mark.style.left = `${left}%`;
      fragment.append(mark);
    }
  }
  ui.timeline.replaceChildren(fragment);
  markSegment();
}

function segmentIndexOf(revision) {
  let low = 0;
  let high = model.segments.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (model.segments[middle].from <= revision) low = middle;
    else high = middle - 1;
  }
  return low;
}

function markSegment() {
  const current = model.selected < 0 ? -1 : segmentIndexOf(model.selected);
  model.segmentButtons.forEach((band, index) => band.classList.toggle('current', index === current));
}

// --------------------------------------------------------------------------------------------- selection

let hashTimer;

/** Selects a revision: slider, list mark, timeline mark, event details at once; the board when its state is in. */
function select(revision, { from } = {}) {
  const max = model.events.length - 1;
  if (max < 0) return;
  const next = Math.min(Math.max(Math.round(revision), 0), max);
  model.follow = next === max;
  if (next === model.selected) return;
  const previousRow = model.rows[model.selected];
  if (previousRow) {
    previousRow.classList.remove('selected');
    previousRow.firstElementChild.removeAttribute('aria-current');
  }
  model.selected = next;
  const row = model.rows[next];
  row.classList.add('selected');
  row.firstElementChild.setAttribute('aria-current', 'true');
  if (from !== 'list') scrollIntoList(row);
  const event = model.events[next];
  if (from !== 'slider') ui.slider.value = String(next);
  ui.slider.setAttribute('aria-valuetext', `revision ${next} of ${max}: ${event.type}, ${whenText(event)}`);
  ui.revision.textContent = String(next);
  markSegment();
  renderSelectedEvent(event);
  highlightTouched();
  wantState(next);
  clearTimeout(hashTimer);
  hashTimer = setTimeout(() => history.replaceState(null, '', `#rev=${model.selected}`), 250);
}

/** Scrolls the event list (only it, not the page) so that a row shows below the sticky phase heading. */
function scrollIntoList(row) {
  const list = ui.list;
  const heading = 28;
  if (row.offsetTop - heading < list.scrollTop) list.scrollTop = row.offsetTop - heading;
  else if (row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = row.offsetTop + row.offsetHeight - list.clientHeight;
  }
}

function stepPhase(direction) {
  const index = segmentIndexOf(model.selected);
  const segment = model.segments[index];
  if (direction < 0) {
    select(model.selected > segment.from ? segment.from : (model.segments[index - 1]?.from ?? 0));
  } else {
    select(model.segments[index + 1]?.from ?? model.events.length - 1);
  }
}

const ACTIONS = {
  first: () => select(0),
  prev: () => select(model.selected - 1),
  next: () => select(model.selected + 1),
  last: () => select(model.events.length - 1),
  'prev-phase': () => stepPhase(-1),
  'next-phase': () => stepPhase(1),
};
const KEYS = {
  ArrowLeft: 'prev',
  ArrowRight: 'next',
  Home: 'first',
  End: 'last',
  PageUp: 'prev-phase',
  PageDown: 'next-phase',
};

// ---------------------------------------------------------------------------------------- selected event

/** A link-like button that selects a revision; `testid` prefixes the revision (`chain-rev-13`). */
function revisionButton(revision, { testid = 'chain-rev', extra = '' } = {}) {
  const event = model.events[revision];
  return h(
    'button',
    { type: 'button', class: 'link', testid: `${testid}-${revision}`, 'data-revision': revision },
    h('span', { class: 'rev' }, String(revision)),
    ' ',
    h('strong', {}, event.type),
    event.metadata.step
      ? h('span', { class: 'code step', title: `pipeline step ${event.metadata.step}` }, event.metadata.step)
      : null,
    event.metadata.rule
      ? h('span', { class: 'code rule', title: `rule ${event.metadata.rule}` }, event.metadata.rule)
      : null,
    h('span', { class: 'summary' }, summarize(event)),
    extra,
  );
}

function renderSelectedEvent(event) {
  const { metadata } = event;
  const cause = revisionOf(metadata.causationId);
  const field = (name, value) =>
    value === undefined || value === null ? null : [h('dt', {}, name), h('dd', {}, value)];
  ui.selected.dataset.revision = String(event.revision);
  ui.selected.replaceChildren(
    h(
      'p',
      { class: 'selected-title' },
      h('span', { class: 'rev' }, String(event.revision)),
      ' ',
      h('strong', { testid: 'selected-event-type' }, event.type),
    ),
    h(
      'dl',
      { class: 'meta' },
      field('when', whenText(event)),
      field('step', metadata.step),
      field('rule', metadata.rule),
      field('event id', metadata.eventId),
      field(
        'caused by',
        cause !== undefined && model.events[cause]
          ? revisionButton(cause, { testid: 'cause-rev' })
          : (metadata.causationId ?? null),
      ),
      field('command', metadata.commandId),
      field('order', placedAt(event) === undefined ? null : revisionButton(placedAt(event), { testid: 'placed-rev' })),
      field('receipt', receiptNote(model.receipts.get(event.revision))),
    ),
    h(
      'details',
      { class: 'data', open: true },
      h('summary', {}, 'data'),
      h('pre', { testid: 'selected-event-data' }, JSON.stringify(event.data, null, 2)),
    ),
  );
  renderChain(event.revision, localChain(event.revision), 'computed in this page from metadata.causationId');
  const caused = model.caused.get(event.revision) ?? [];
  ui.consequences.replaceChildren(
    ...(caused.length === 0
      ? [h('li', { class: 'empty' }, 'nothing directly')]
      : caused.map((revision) => h('li', {}, revisionButton(revision, { testid: 'caused-rev' })))),
  );
  askWhy(event.revision);
}

/** The chain of causes by `metadata.causationId`, oldest first: `{revisions, origin}` (origin: a command id). */
function localChain(revision) {
  const revisions = [];
  const seen = new Set();
  let current = revision;
  let origin = null;
  while (current !== undefined && !seen.has(current) && model.events[current]) {
    seen.add(current);
    revisions.unshift(current);
    const causationId = model.events[current].metadata.causationId;
    current = revisionOf(causationId);
    if (current === undefined) origin = causationId ?? null;
  }
  return { revisions, origin };
}

/** Under an execution in the chain: the order it carries out, placed earlier by a player's command. */
function orderNote(revision) {
  const placed = placedAt(model.events[revision]);
  if (placed === undefined) return null;
  return h(
    'div',
    { class: 'order-note' },
    `carries out ${model.events[revision].data.orderId}, placed by `,
    h('code', {}, model.events[placed].metadata.commandId ?? '?'),
    ' at ',
    revisionButton(placed, { testid: 'order-rev' }),
  );
}

function renderChain(revision, { revisions, origin }, source) {
  ui.chain.dataset.source = source.startsWith('computed by the service') ? 'service' : 'page';
  const originItem = origin
    ? h('li', { class: 'origin', testid: 'chain-origin' }, 'command ', h('code', {}, origin))
    : '';
  ui.chain.replaceChildren(
    originItem,
    ...revisions.map((r) =>
      r === revision
        ? h(
            'li',
            { class: 'this', 'aria-current': 'step' },
            revisionButton(r, { extra: ' (this event)' }),
            orderNote(r),
          )
        : h('li', {}, revisionButton(r), orderNote(r)),
    ),
    h('li', { class: 'source' }, source),
  );
}

/**
 * Asks the service for the chain (`…/events/:revision/why`) where it has that endpoint; the page's own chain
 * stays when it has not, or when the answer is not understood.
 */
async function askWhy(revision) {
  if (model.whyEndpoint === false) return;
  let answer = model.whyAnswers.get(revision);
  if (answer === undefined) {
    try {
      answer = parseWhy(await getJson(`${api}/events/${revision}/why`));
    } catch (error) {
      // Not for this viewer (it is the organiser's): stop asking; the page's own chain stays.
      if ([401, 403].includes(error.status)) model.whyEndpoint = false;
      // No such route (an older service): stop asking. Other failures leave the page's own chain, this time.
      if ([404, 405, 501].includes(error.status) && model.whyEndpoint !== true) model.whyEndpoint = false;
      return;
    }
    if (answer === null) {
      model.whyEndpoint = false;
      return;
    }
    model.whyEndpoint = true;
    model.whyAnswers.set(revision, answer);
  }
  if (model.selected === revision) {
    renderChain(
      revision,
      { ...answer, revisions: [...new Set([...answer.revisions, revision])].sort((a, b) => a - b) },
      'computed by the service (…/why)',
    );
  }
}

/** The service's answer (`{chain: [{revision, …}], command: {commandId}}`) as renderChain wants it, or null. */
function parseWhy(body) {
  if (!Array.isArray(body?.chain)) return null;
  const revisions = body.chain
    .map((link) => link?.revision)
    .filter((revision) => Number.isInteger(revision) && model.events[revision]);
  if (revisions.length === 0) return null;
  revisions.sort((a, b) => a - b);
  const command = body.command?.commandId;
  return { revisions, origin: typeof command === 'string' ? command : localChain(revisions[0]).origin };
}

// ------------------------------------------------------------------------------------------------ board

/** Fetches the wanted revision's state (one request at a time; the newest wish wins) and shows it. */
function wantState(revision) {
  model.wanted = revision;
  const cached = model.states.get(revision);
  if (cached) {
    renderBoard(revision, cached);
    return;
  }
  ui.board.setAttribute('aria-busy', 'true');
  ui.board.classList.add('stale');
  if (!model.loading) void pump();
}

async function pump() {
  model.loading = true;
  try {
    while (!model.states.has(model.wanted)) {
      const revision = model.wanted;
      try {
        remember(revision, (await getJson(`${api}/state?at=${revision}`)).state);
      } catch (error) {
        if (model.wanted === revision) {
          showBoardError(revision, error);
          return;
        }
      }
    }
    renderBoard(model.wanted, model.states.get(model.wanted));
  } finally {
    model.loading = false;
  }
  prefetch(model.wanted + 1);
}

function remember(revision, state) {
  model.states.set(revision, state);
  if (model.states.size > STATE_CACHE_SIZE) model.states.delete(model.states.keys().next().value);
}

/** The next step is probably wanted next: fetched while the page is idle. */
function prefetch(revision) {
  if (revision >= model.events.length || model.states.has(revision) || model.loading) return;
  getJson(`${api}/state?at=${revision}`).then(
    (body) => remember(revision, body.state),
    () => undefined,
  );
}

function showBoardError(revision, error) {
  ui.board.removeAttribute('aria-busy');
  ui.board.replaceChildren(
    h('p', { class: 'error', role: 'alert' }, `Cannot load the state at revision ${revision}: ${error.message}`),
  );
}

function spellChips(state, ids) {
  if (!ids || ids.length === 0) return null;
  return h(
    'ul',
    { class: 'spells', 'aria-label': 'active spells' },
    ids.map((id) => {
      const active = state.activeSpells[id];
      if (!active) return h('li', { class: 'spell' }, id);
      const name = state.spells?.[active.spell]?.name ?? active.spell;
      return h(
        'li',
        {
          class: `spell owner-${active.owner}${active.visible ? '' : ' hidden-spell'}`,
          testid: `active-spell-${id}`,
          'data-entity': id,
          title: `${name} (${id}), ${active.owner}${active.visible ? '' : ', not visible'}${active.expiresAtTurn ? `, expires at turn ${active.expiresAtTurn}` : ''}`,
        },
        '✦ ',
        name,
        h('small', {}, ` ${id}`),
        active.visible ? null : h('small', { class: 'tag' }, ' hidden'),
      );
    }),
  );
}

function minionCard(state, minion) {
  const id = minion.id;
  const hpBar = h('meter', {
    testid: `minion-${id}-hp-bar`,
    min: 0,
    max: Math.max(minion.maxHp, 1),
    low: minion.maxHp / 3 + 0.01,
    high: (minion.maxHp * 2) / 3,
    optimum: minion.maxHp,
    value: minion.hp,
    'aria-label': `${id} HP`,
  });
  return h(
    'article',
    {
      class: `minion owner-${minion.owner} status-${minion.status}`,
      testid: `minion-${id}`,
      'data-entity': id,
      'aria-label': `${id}: ${minion.hp} of ${minion.maxHp} HP, armor ${minion.armor}, ${minion.status}`,
    },
    h(
      'header',
      {},
      h('span', { class: 'name' }, id),
      h('span', { class: 'kind' }, [minion.class, minion.kind].filter(Boolean).join(' ')),
      h('span', { class: `status status-${minion.status}`, testid: `minion-${id}-status` }, minion.status),
    ),
    h(
      'div',
      { class: 'stats' },
      hpBar,
      h(
        'span',
        { class: 'hp-text' },
        h('span', { testid: `minion-${id}-hp` }, String(minion.hp)),
        '/',
        h('span', { testid: `minion-${id}-max-hp` }, String(minion.maxHp)),
        ' HP',
      ),
      h(
        'span',
        { class: 'armor', title: 'armor / max armor' },
        'armor ',
        h('span', { testid: `minion-${id}-armor` }, String(minion.armor)),
        `/${minion.maxArmor}`,
      ),
    ),
    spellChips(state, minion.spells),
  );
}

function renderBoard(revision, state) {
  if (revision !== model.wanted) return;
  const shown = new Set();
  const card = (minionId) => {
    const minion = state.minions[minionId];
    if (!minion) return h('li', { class: 'gone' }, minionId);
    shown.add(minionId);
    return h('li', {}, minionCard(state, minion));
  };

  const squares = new Map();
  const squareOf = (id) => {
    if (!squares.has(id)) squares.set(id, { structures: [], groups: [] });
    return squares.get(id);
  };
  for (const id of Object.keys(state.squares ?? {})) squareOf(id);
  for (const structure of Object.values(state.structures ?? {})) squareOf(structure.square).structures.push(structure);
  for (const group of Object.values(state.groups ?? {})) squareOf(group.square).groups.push(group);

  const order = (a, b) => a.localeCompare(b, 'en', { numeric: true });
  const squareSections = [...squares.keys()].sort(order).map((squareId) => {
    const { structures, groups } = squares.get(squareId);
    const square = state.squares?.[squareId];
    groups.sort((a, b) => PLAYERS.indexOf(a.owner) - PLAYERS.indexOf(b.owner) || order(a.id, b.id));
    return h(
      'section',
      { class: 'square', testid: `square-${squareId}`, 'data-entity': squareId, 'aria-label': `square ${squareId}` },
      h('h3', {}, squareId, square?.terrain ? h('small', {}, ` ${square.terrain}`) : null),
      spellChips(state, square?.spells),
      structures.map((structure) =>
        h(
          'div',
          {
            class: `structure owner-${structure.owner}`,
            testid: `structure-${structure.id}`,
            'data-entity': structure.id,
          },
          h('span', { class: 'name' }, `⌂ ${structure.kind}`),
          h('small', {}, ` ${structure.id} · ${structure.owner}`),
          spellChips(state, structure.spells),
        ),
      ),
      groups.map((group) =>
        h(
          'section',
          {
            class: `group owner-${group.owner}`,
            testid: `group-${group.id}`,
            'data-entity': group.id,
            'aria-label': `group ${group.id}`,
          },
          h('h4', {}, group.id, h('small', {}, ` ${group.kind} · ${group.owner}`)),
          spellChips(state, group.spells),
          h('ul', { class: 'minions' }, group.minionIds.map(card)),
        ),
      ),
    );
  });

  const playerSections = PLAYERS.filter((colour) => colour !== 'neutral' || hasAnything(state.players?.neutral)).map(
    (colour) => {
      const player = state.players[colour];
      return h(
        'section',
        { class: `player owner-${colour}`, testid: `player-${colour}`, 'aria-label': `${colour} player` },
        h(
          'h3',
          {},
          colour,
          player.house ? h('small', {}, ` ${player.house}`) : null,
          state.initiative === colour ? h('span', { class: 'tag', title: 'has the initiative' }, 'initiative') : null,
          player.confirmed ? h('span', { class: 'tag', title: 'orders confirmed' }, 'confirmed') : null,
        ),
        h(
          'dl',
          {},
          h('dt', {}, 'mana'),
          h('dd', { testid: `player-${colour}-mana` }, describeMana(player.mana)),
          h('dt', {}, 'hand'),
          h('dd', { testid: `player-${colour}-hand` }, describeHand(player)),
          h('dt', {}, 'deck'),
          h('dd', {}, cards(player.deckSize ?? player.deck.length)),
          h('dt', {}, 'graveyard'),
          h(
            'dd',
            { testid: `player-${colour}-graveyard` },
            player.graveyard.length ? h('ul', { class: 'minions graveyard' }, player.graveyard.map(card)) : 'empty',
          ),
        ),
      );
    },
  );

  const elsewhere = Object.keys(state.minions).filter((id) => !shown.has(id));
  const orders = (state.orderIds ?? []).map((id) => state.orders[id]).filter(Boolean);
  const sections = [
    h('div', { class: 'players' }, playerSections),
    orders.length
      ? h(
          'section',
          { class: 'orders', 'aria-label': 'orders this turn' },
          h('h3', {}, 'orders this turn'),
          h('ul', {}, orders.map(orderItem)),
        )
      : null,
    h('div', { class: 'squares' }, squareSections),
    state.globe?.spells?.length
      ? h('section', { class: 'globe' }, h('h3', {}, 'globe'), spellChips(state, state.globe.spells))
      : null,
    elsewhere.length
      ? h(
          'section',
          { class: 'elsewhere' },
          h('h3', {}, 'not in a group'),
          h('ul', { class: 'minions' }, elsewhere.map(card)),
        )
      : null,
  ];
  ui.board.replaceChildren(...sections.filter(Boolean));
  const event = model.events[revision];
  ui.boardWhen.textContent = `after revision ${revision} · ${whenText(event)}`;
  ui.board.dataset.revision = String(revision);
  ui.board.classList.remove('stale');
  ui.board.removeAttribute('aria-busy');
  highlightTouched();
}

const cards = (count) => `${count} card${count === 1 ? '' : 's'}`;

/** The other side's hand comes as a count only (`handSize`): its cards are not this viewer's to see. */
function describeHand(player) {
  if (player.hand.length) return player.hand.join(', ');
  return player.handSize ? `${cards(player.handSize)}, hidden` : 'empty';
}

function hasAnything(player) {
  return player && (player.graveyard.length || player.hand.length || player.activeSpells.length);
}

function orderItem(order) {
  const text =
    order.kind === 'cast'
      ? `${order.player} casts ${order.spell} → ${describeTarget(order.target)}`
      : order.kind === 'attack'
        ? `${order.player}: ${order.attackerId} attacks ${order.victimId}`
        : `${order.player} discards ${order.spell}`;
  return h(
    'li',
    { class: `owner-${order.player}` },
    h('small', {}, `${order.id} `),
    text,
    order.outcome ? h('span', { class: 'tag' }, order.outcome) : null,
  );
}

/** Marks on the board what the selected event names (its minion, group, spell…). */
function highlightTouched() {
  const event = model.events[model.selected];
  const named = new Set();
  const collect = (value) => {
    if (typeof value === 'string') named.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  if (event && event.type !== 'GameCreated') collect(event.data);
  for (const element of ui.board.querySelectorAll('[data-entity]')) {
    element.classList.toggle('touched', named.has(element.dataset.entity));
  }
}

// -------------------------------------------------------------------------------------------- receipts

/** The receipt of the command the selected revision ends, as a note (null when this view has none there). */
function receiptNote(receipt) {
  if (!receipt) return null;
  return h(
    'code',
    { testid: 'selected-receipt', title: JSON.stringify(receipt) },
    `${receipt.hash.slice(0, 16)}… (key ${receipt.keyId})`,
  );
}

/** Reads the receipts this view may see (`GET …/receipts`, recomputed by the service from the stored events). */
async function loadReceipts() {
  let body;
  try {
    body = await getJson(`${api}/receipts`);
  } catch {
    return; // a service without receipts, or a moment of trouble: the rest of the page does not depend on them
  }
  model.receipts = new Map(body.receipts.map((receipt) => [receipt.revision, receipt]));
  renderReceipts(body.receipts);
}

function renderReceipts(receipts) {
  ui.receipts.replaceChildren(
    ...(receipts.length === 0
      ? [h('li', { class: 'empty' }, 'none this view may see')]
      : receipts.map((receipt) =>
          h(
            'li',
            { testid: `receipt-${receipt.revision}`, title: JSON.stringify(receipt) },
            model.events[receipt.revision] ? revisionButton(receipt.revision, { testid: 'receipt-rev' }) : null,
            h('span', { class: 'code command' }, receipt.commandId),
            ' ',
            h('code', { class: 'hash' }, `${receipt.hash.slice(0, 16)}…`),
          ),
        )),
  );
  const lines = receipts.map((receipt) => JSON.stringify(receipt)).join('\n');
  ui.receiptsDownload.href = `data:application/x-ndjson;charset=utf-8,${encodeURIComponent(lines + '\n')}`;
  ui.receiptsDownload.download = `${gameId}-receipts.jsonl`;
  ui.receiptsDownload.hidden = receipts.length === 0;
  if (model.selected >= 0 && model.events[model.selected]) {
    const note = ui.selected.querySelector('[data-testid="selected-receipt"]');
    if (!note && model.receipts.has(model.selected)) renderSelectedEvent(model.events[model.selected]);
  }
}

let receiptsTimer;
/** New events: the receipts are read again a moment later (once for a burst of events, not once per event). */
function refreshReceipts() {
  clearTimeout(receiptsTimer);
  receiptsTimer = setTimeout(() => void loadReceipts(), 300);
}

// ------------------------------------------------------------------------------------------------ live

function follow() {
  const pending = [];
  let scheduled = false;
  let filling = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => void flush());
  };
  // Events arriving in one frame are added together: one list append, one timeline update.
  const flush = async () => {
    scheduled = false;
    if (filling) return;
    let batch = pending.splice(0).sort((a, b) => a.revision - b.revision);
    if (batch.length && batch[0].revision > model.events.length) {
      // A gap (a missed message): read what is missing before going on.
      filling = true;
      try {
        const body = await getJson(`${api}/events?from=${model.events.length}`);
        batch = [...body.events, ...batch].sort((a, b) => a.revision - b.revision);
      } catch {
        pending.unshift(...batch);
        showLive('reconnecting');
        return;
      } finally {
        filling = false;
      }
    }
    const wasFollowing = model.follow;
    const added = addEvents(batch);
    if (added) refreshReceipts();
    if (added && wasFollowing) select(model.events.length - 1);
    showLive('live');
    if (pending.length) schedule();
  };
  // An EventSource cannot send an Authorization header: the stream takes the token as `?token=`.
  const query = new URLSearchParams({ from: String(model.events.length) });
  if (token) query.set('token', token);
  const source = new EventSource(`${api}/events/stream?${query}`);
  source.onopen = () => showLive('live');
  // The browser reconnects by itself (resuming after Last-Event-ID) unless the service refused the stream.
  source.onerror = () => showLive(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting');
  source.onmessage = (message) => {
    pending.push(JSON.parse(message.data));
    schedule();
  };
  window.addEventListener('pagehide', () => source.close());
}

const LIVE_TEXT = {
  connecting: '○ connecting…',
  live: '● live',
  reconnecting: '○ reconnecting…',
  closed: '○ not following (reload to retry)',
};
let liveState = 'connecting';

/** The header's note: whether new events arrive, and how many there are. */
function showLive(state = liveState) {
  liveState = state;
  const count = model.events.length;
  ui.live.classList.toggle('connected', state === 'live');
  ui.live.textContent = `${LIVE_TEXT[state]} · ${count} event${count === 1 ? '' : 's'}`;
}

// ------------------------------------------------------------------------------------------------ start

function wire() {
  ui.slider.addEventListener('input', () => select(Number(ui.slider.value), { from: 'slider' }));
  document.querySelector('.step-buttons').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-action]');
    if (button) ACTIONS[button.dataset.action]();
  });
  // One listener for every revision button: list rows, timeline bands, turn marks, chain and "caused" links.
  document.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-revision]');
    if (!button) return;
    select(Number(button.dataset.revision), { from: button.closest('.event-list') ? 'list' : 'other' });
    // A link of the detail panel is gone with the old details: the focus goes to the new selection's place.
    if (!button.isConnected) ui.chain.querySelector('.this .link')?.focus();
  });
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    // The slider moves itself on these keys (and says so through `input`); form fields keep their keys.
    if (target === ui.slider || target.closest?.('input, textarea, select, [contenteditable]')) return;
    const inList = target.closest?.('.event-list');
    if (inList && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      select(model.selected + (event.key === 'ArrowUp' ? -1 : 1), { from: 'list' });
      model.rows[model.selected].firstElementChild.focus();
      return;
    }
    const action = KEYS[event.key];
    if (!action) return;
    event.preventDefault();
    ACTIONS[action]();
  });
  window.addEventListener('hashchange', () => {
    // Another token (or `#token=`, the public view) pasted into the address: the page starts over with it.
    if (new URLSearchParams(location.hash.slice(1)).has('token')) {
      takeToken();
      location.reload();
      return;
    }
    const wanted = revisionInHash();
    if (wanted !== undefined) select(wanted);
  });
}

async function start() {
  wire();
  ui.viewerMode.textContent = token ? 'with a token' : 'public view: hidden information is left out';
  ui.viewerMode.dataset.mode = token ? 'token' : 'public';
  try {
    const body = await getJson(`${api}/events`);
    addEvents(body.events);
  } catch (error) {
    const hint = [401, 403].includes(error.status)
      ? ' (the address’s #token= sets another token; empty: public view)'
      : '';
    ui.live.textContent = `Cannot load the events: ${error.message}${hint}`;
    ui.board.removeAttribute('aria-busy');
    return;
  }
  select(revisionInHash() ?? model.events.length - 1);
  await loadReceipts();
  showLive('connecting');
  follow();
}

void start();
