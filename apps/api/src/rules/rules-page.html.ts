import type { RuleEntry } from '@app/games';
import { escapeHtml } from '../replay/replay-assets';

function entryHtml(entry: RuleEntry): string {
  const sources = entry.sources
    .map((source) => {
      const where = source.version ?? '';
      return `<li>${escapeHtml(source.page)}${where ? ` <small>(${escapeHtml(where)})</small>` : ''}</li>`;
    })
    .join('');
  const assumption = entry.assumption
    ? `<p class="assumption"><strong>[A]</strong> ${escapeHtml(entry.assumption)}</p>`
    : '';
  const id = escapeHtml(entry.id);
  return [
    `<section class="rule" id="${id}" data-testid="rule-${id}">`,
    `<h2><a href="/rules/${encodeURIComponent(entry.id)}">${id}</a> ${escapeHtml(entry.title)}</h2>`,
    `<p>${escapeHtml(entry.statement)}</p>${assumption}`,
    `<p class="from">From:</p><ul class="sources">${sources}</ul>`,
    '</section>',
  ].join('');
}

/** The reference (or one rule of it) as a page for people, styled like the replay page. */
export function rulesPage(entries: readonly RuleEntry[], title: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} · Sanctum Chronicle</title><link rel="stylesheet" href="/replay/assets/replay.css">`,
    '</head><body class="rules-page"><main>',
    `<h1>${escapeHtml(title)}</h1>`,
    '<p>The rules the engine implements, in the project’s words, each with the rulebook page it comes from. Every ' +
      'event names its rule in <code>metadata.rule</code>. <a href="/rules">All rules</a> · <a href="/">Games</a></p>',
    ...entries.map(entryHtml),
    '</main></body></html>',
    '',
  ].join('\n');
}
