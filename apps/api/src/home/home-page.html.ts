import { escapeHtml } from '../replay/replay-assets';
import type { GameSummaryResponseDto } from '../games/game-summary.response.dto';

function gameRow(game: GameSummaryResponseDto): string {
  const id = escapeHtml(game.gameId);
  const where =
    game.damagedRevision !== undefined
      ? `damaged at revision ${game.damagedRevision}`
      : `revision ${game.revision}, turn ${game.turn ?? '?'} (${escapeHtml(game.phase ?? '?')})`;
  return (
    `<li data-testid="game-${id}"><a href="/replay/${encodeURIComponent(game.gameId)}">${id}</a> ` +
    `<small>${where}</small></li>`
  );
}

/** `GET /` for a person: the games, each linking to its replay page, and where the rest is. */
export function homePage(games: GameSummaryResponseDto[]): string {
  const list =
    games.length === 0
      ? '<p data-testid="no-games">No games yet: <code>POST /games</code> with the organiser’s token creates one.</p>'
      : `<ul class="games" data-testid="games">${games.map(gameRow).join('')}</ul>`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Sanctum Chronicle</title><link rel="stylesheet" href="/replay/assets/replay.css"></head>',
    '<body class="home-page"><main>',
    '<h1>Sanctum Chronicle</h1>',
    `<h2>Games (${games.length})</h2>`,
    list,
    '<p>A replay page shows the public view; add <code>#token=…</code> to its address for a player’s or the ' +
      'organiser’s view.</p>',
    '<p><a href="/docs">API documentation</a> · <a href="/rules">rules reference</a> · ' +
      '<a href="/games">games as JSON</a> · <a href="/health">health</a></p>',
    '</main></body></html>',
    '',
  ].join('\n');
}
