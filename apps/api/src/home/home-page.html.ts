import { FAVICON, escapeHtml } from '../replay/replay-assets';
import type { GameSummaryResponseDto } from '../games/game-summary.response.dto';

/** `red wins (resignation, turn 3)`, `a draw (turn limit, turn 10)`. */
function resultText(game: GameSummaryResponseDto): string {
  const result = game.result;
  if (result === undefined || result === null) return '';
  const outcome = result.winner === null ? 'a draw' : `${result.winner} wins`;
  return `${outcome} (${result.reason.replace('-', ' ')}, turn ${result.turn})`;
}

function statusText(game: GameSummaryResponseDto): string {
  if (game.damagedRevision !== undefined) return `damaged at revision ${game.damagedRevision}`;
  const status = game.status ?? 'live';
  if (game.forkedFrom === undefined) return status;
  const origin = `<a href="/replay/${encodeURIComponent(game.forkedFrom)}#rev=${game.forkedAt ?? 0}">${escapeHtml(game.forkedFrom)}</a>`;
  return `${status}, forked from ${origin} at ${game.forkedAt ?? '?'}`;
}

function playersText(game: GameSummaryResponseDto): string {
  if (game.players === undefined) return '?';
  return `red (${escapeHtml(game.players.red.house)}) against blue (${escapeHtml(game.players.blue.house)})`;
}

function gameRow(game: GameSummaryResponseDto): string {
  const id = escapeHtml(game.gameId);
  const where =
    game.damagedRevision !== undefined ? '?' : `${game.turn ?? '?'} <small>(${escapeHtml(game.phase ?? '?')})</small>`;
  const name = game.name === undefined ? '' : `<br><small>${escapeHtml(game.name)}</small>`;
  return (
    `<tr data-testid="game-${id}" data-game-id="${id}" data-status="${escapeHtml(game.status ?? 'live')}">` +
    `<td><a href="/replay/${encodeURIComponent(game.gameId)}">${id}</a>${name}</td>` +
    `<td>${playersText(game)}</td>` +
    `<td>${where}</td>` +
    `<td data-testid="status-${id}">${statusText(game)}</td>` +
    `<td data-testid="result-${id}">${escapeHtml(resultText(game))}</td>` +
    `<td class="audit" data-testid="audit-${id}" hidden></td>` +
    '</tr>'
  );
}

/**
 * `GET /` for a person: the games — who plays, the turn, live, ended or a fork (and of what), the result — each
 * linking to its replay page. With the organiser's token in the address (`/#token=…`), its script adds each game's
 * audit verdict (`GET /games/:id/audit`, the organiser's).
 */
export function homePage(games: GameSummaryResponseDto[]): string {
  const list =
    games.length === 0
      ? '<p data-testid="no-games">No games yet: <code>POST /games</code> with the organiser’s token creates one.</p>'
      : '<div class="games-wrap"><table class="games-table" data-testid="games"><thead><tr>' +
        '<th>game</th><th>players</th><th>turn</th><th>status</th><th>result</th>' +
        '<th class="audit" hidden>audit</th></tr></thead>' +
        `<tbody>${games.map(gameRow).join('')}</tbody></table></div>`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Sanctum Chronicle</title><link rel="stylesheet" href="/replay/assets/replay.css">',
    `<link rel="icon" href="${FAVICON}">`,
    '<script type="module" src="/replay/assets/home.js"></script></head>',
    '<body class="home-page"><main>',
    '<h1>Sanctum Chronicle</h1>',
    `<h2>Games (${games.length})</h2>`,
    list,
    '<p class="hint" data-testid="audit-status" role="status"></p>',
    '<p>A replay page shows the public view; add <code>#token=…</code> to its address for a player’s or the ' +
      'organiser’s view. With the organiser’s token here (<code>/#token=…</code>), each game shows its audit.</p>',
    '<p><a href="/docs">API documentation</a> · <a href="/rules">rules reference</a> · ' +
      '<a href="/games">games as JSON</a> · <a href="/health">health</a></p>',
    '</main></body></html>',
    '',
  ].join('\n');
}
