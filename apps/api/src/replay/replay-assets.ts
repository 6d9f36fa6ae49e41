import * as fs from 'node:fs';
import * as path from 'node:path';

/** The replay page's static files, relative to the repository root (where they are read at runtime). */
export const REPLAY_ASSETS_IN_REPO = path.join('apps', 'api', 'src', 'replay', 'assets');

const PAGE_FILE = 'replay.html';
/** The page's icon (as in replay.html): inline, so that browsers do not ask the API for /favicon.ico. */
export const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath d='M8 1 15 8 8 15 1 8z' fill='%235b3fd1'/%3E%3C/svg%3E";

/**
 * The files the page loads, by the name in their URL (`/replay/assets/<name>`): every script (the page's ES modules)
 * and style sheet of the folder, with their media type. Nothing else there is served (the page's template, its
 * tsconfig).
 */
export const JAVASCRIPT = 'text/javascript; charset=utf-8';

const MEDIA_TYPES: Record<string, string> = {
  '.js': JAVASCRIPT,
  '.css': 'text/css; charset=utf-8',
};

export interface StaticFile {
  contentType: string;
  body: string;
}

/**
 * Where the assets are. `tsc` copies no `.html`/`.js`/`.css`, so they stay in the source tree and are looked up
 * from this file's folder: next to it (ts-node, `npm start`, Jest; or a build that copies `assets/` beside the
 * compiled file), else under each parent folder's `apps/api/src/replay/assets` (a `tsc` build in `dist/` finds
 * the repository's source folder that way).
 */
export function findReplayAssetsDir(from: string = __dirname): string {
  const candidates = [path.join(from, 'assets')];
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    candidates.push(path.join(dir, REPLAY_ASSETS_IN_REPO));
    if (path.dirname(dir) === dir) break;
  }
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, PAGE_FILE)));
  if (found === undefined) {
    throw new Error(`the replay page's assets (${REPLAY_ASSETS_IN_REPO}/${PAGE_FILE}) are not found from ${from}`);
  }
  return found;
}

/** `&<>"'` as HTML entities: safe in text and in quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** The page and its files, read once (they are small; a changed file needs a restart, like the code). */
export class ReplayAssets {
  readonly dir: string;
  private readonly template: string;
  private readonly files = new Map<string, StaticFile>();

  constructor(dir: string = findReplayAssetsDir()) {
    this.dir = dir;
    this.template = fs.readFileSync(path.join(dir, PAGE_FILE), 'utf8');
    for (const name of fs.readdirSync(dir).sort()) {
      const contentType = MEDIA_TYPES[path.extname(name)];
      if (contentType === undefined) continue;
      this.files.set(name, { contentType, body: fs.readFileSync(path.join(dir, name), 'utf8') });
    }
  }

  /**
   * The replay page of a game (the id is checked by the caller; it is escaped anyway). `{{modulePreloads}}` becomes a
   * `modulepreload` link per module, so the browser fetches them all at once rather than import level by level.
   */
  page(gameId: string): string {
    const id = escapeHtml(gameId);
    const preloads = this.names
      .filter((name) => name.endsWith('.js'))
      .map((name) => `<link rel="modulepreload" href="/replay/assets/${escapeHtml(name)}" />`)
      .join('\n    ');
    return this.template.replace(/\{\{gameId\}\}/g, () => id).replace('{{modulePreloads}}', () => preloads);
  }

  /** The names of the files served. */
  get names(): string[] {
    return [...this.files.keys()];
  }

  /** A file of the page by its name, or undefined for any other name. */
  file(name: string): StaticFile | undefined {
    return this.files.get(name);
  }

  /** What a browser shows for an id that is no game (or no valid id), styled like the replay page. */
  notFoundPage(message: string): string {
    return [
      '<!doctype html>',
      '<html lang="en">',
      '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
      '<title>Not found · Sanctum replay</title><link rel="stylesheet" href="/replay/assets/replay.css">',
      `<link rel="icon" href="${FAVICON}"></head>`,
      '<body class="not-found"><main>',
      '<h1>Sanctum replay</h1>',
      `<p data-testid="not-found">${escapeHtml(message)}</p>`,
      '<p>The games this service holds are listed at <a href="/games">/games</a>.</p>',
      '</main></body></html>',
      '',
    ].join('\n');
  }
}
