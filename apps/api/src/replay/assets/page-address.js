// @ts-check
// What the page's address says: the token (`#token=…`, kept for the tab, never sent to the server), the view the
// organiser chose (`#view=red`), and the revision to show (`#rev=8000`).

/** @typedef {import('./types.js').ViewName} ViewName */

const VIEWS = /** @type {const} */ (['organiser', 'red', 'blue', 'public']);

/** @param {string} gameId */
const tokenKey = (gameId) => `sanctum-replay-token:${gameId}`;

function fragment() {
  return new URLSearchParams(location.hash.slice(1));
}

/** @param {URLSearchParams} params */
function writeFragment(params) {
  const rest = params.toString();
  history.replaceState(null, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
}

/**
 * The token of `#token=…`, kept for this tab (a reload still works) and taken out of the address, so that it is not
 * copied along with a link. `#token=` (empty) goes back to the public view.
 * @param {string} gameId
 * @returns {string | undefined}
 */
export function takeToken(gameId) {
  const params = fragment();
  const given = params.get('token');
  try {
    if (given === null) return sessionStorage.getItem(tokenKey(gameId)) ?? undefined;
    if (given === '') sessionStorage.removeItem(tokenKey(gameId));
    else sessionStorage.setItem(tokenKey(gameId), given);
  } catch {
    // No storage (a locked-down browser): the token lasts as long as the page.
  }
  params.delete('token');
  writeFragment(params);
  return given || undefined;
}

/** Whether the address now carries a token (pasted in while the page is open). */
export function tokenInAddress() {
  return fragment().has('token');
}

/**
 * The view asked for in the address (`#view=red`), if it is one.
 * @returns {ViewName | undefined}
 */
export function viewInAddress() {
  const view = fragment().get('view');
  return VIEWS.find((known) => known === view);
}

/**
 * Another view: written into the address, then the page starts over with it (nothing of the old view is kept).
 * @param {ViewName | undefined} view
 */
export function switchView(view) {
  const params = fragment();
  if (view === undefined) params.delete('view');
  else params.set('view', view);
  location.hash = params.toString();
  location.reload();
}

/**
 * `#rev=N` of the address, if any.
 * @returns {number | undefined}
 */
export function revisionInAddress() {
  const rev = fragment().get('rev');
  return rev !== null && /^\d+$/.test(rev) ? Number(rev) : undefined;
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let pending;

/**
 * Keeps `#rev=N` in the address once the selection rests (so stepping does not fill the history).
 * @param {number} revision
 */
export function showRevisionInAddress(revision) {
  clearTimeout(pending);
  pending = setTimeout(() => {
    const params = fragment();
    params.set('rev', String(revision));
    writeFragment(params);
  }, 250);
}
