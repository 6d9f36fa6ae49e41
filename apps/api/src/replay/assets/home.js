// @ts-check
// The home page's script (`GET /`): with the organiser's token in the address (`/#token=…`, kept for the tab and
// taken out of the address, as the replay page does), each game's row gets its audit verdict — the hash chain and
// the re-simulation (`GET /games/:id/audit`, the organiser's) — read one game at a time.

const TOKEN_KEY = 'sanctum-home-token';

function takeToken() {
  const params = new URLSearchParams(location.hash.slice(1));
  const given = params.get('token');
  try {
    if (given === null) return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
    if (given === '') sessionStorage.removeItem(TOKEN_KEY);
    else sessionStorage.setItem(TOKEN_KEY, given);
  } catch {
    // No storage: the token lasts as long as the page.
  }
  params.delete('token');
  const rest = params.toString();
  history.replaceState(null, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
  return given || undefined;
}

/**
 * @param {{ chain: { intact: boolean; firstBrokenRevision: number | null }; resimulation: { identical: boolean; firstDivergence: { revision: number } | null } }} audit
 */
function verdict(audit) {
  if (!audit.chain.intact) return `✗ chain broken at revision ${audit.chain.firstBrokenRevision}`;
  if (!audit.resimulation.identical) return `✗ diverges at revision ${audit.resimulation.firstDivergence?.revision}`;
  return '✓ audit clean';
}

async function audits() {
  const token = takeToken();
  if (token === undefined) return;
  const rows = [...document.querySelectorAll('tr[data-game-id]')];
  const status = document.querySelector('[data-testid="audit-status"]');
  for (const cell of document.querySelectorAll('.audit')) if (cell instanceof HTMLElement) cell.hidden = false;
  for (const [i, row] of rows.entries()) {
    const gameId = /** @type {HTMLElement} */ (row).dataset.gameId ?? '';
    const cell = row.querySelector('td.audit');
    if (!(cell instanceof HTMLElement)) continue;
    if (status) status.textContent = `auditing ${i + 1} of ${rows.length}…`;
    cell.textContent = 'checking…';
    try {
      const response = await fetch(`/games/${encodeURIComponent(gameId)}/audit`, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      });
      if (response.status === 401 || response.status === 403) {
        // Not the organiser's token: no verdicts to show.
        for (const other of document.querySelectorAll('.audit')) if (other instanceof HTMLElement) other.hidden = true;
        if (status) status.textContent = 'the audit is the organiser’s: this token is not';
        return;
      }
      cell.textContent = response.ok ? verdict(await response.json()) : `cannot audit (${response.status})`;
      cell.dataset.verdict = cell.textContent.startsWith('✓') ? 'clean' : 'broken';
    } catch (error) {
      cell.textContent = `cannot audit: ${/** @type {Error} */ (error).message}`;
    }
  }
  if (status) status.textContent = `${rows.length} game${rows.length === 1 ? '' : 's'} audited`;
}

void audits();
