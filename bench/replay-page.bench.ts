import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import type { ApiServer, ServerStats } from './api-server.handle';
import { BENCH_ORGANISER_TOKEN, startApiServer } from './api-server.handle';
import type { BenchRow } from './bench-result.model';
import { argument, check, figure, main, row } from './bench-result.model';
import { FIXTURE_GAME, type MillionEventFixture, buildMillionEventStore } from './million-event.fixture';
import { distribution, nowMs } from './timing.kit';
import { CHROMIUM, HAS_CHROMIUM, launchChromium } from '../test/support/headless-chromium';

const RUNS = Number(process.env.BENCH_REPLAY_RUNS ?? 5);
/** The game the issue found the page unusable on: 400 turns of the big board. */
const LONG_GAME_EVENTS = 140_852;
/** The baseline: the same board, a short game (a few turns). */
const SHORT_GAME_EVENTS = 2_000;
const TIME_LIMIT_MS = 60_000;
/**
 * A new browser context is a new window, and right after it opens Chromium spends a few CPU-seconds on its own
 * pages (the omnibox and other top-chrome WebUIs, in renderers of their own). A person opens the replay page in a
 * window that is open already; here that work would be counted as the page's on a machine of two cores, so the
 * clock starts once the window has settled.
 */
const WINDOW_SETTLE_MS = Number(process.env.BENCH_REPLAY_SETTLE_MS ?? 3000);

interface Game {
  name: string;
  events: number;
  server: ApiServer;
  runs: { openMs: number; keyMs: number; totalMs: number }[];
}

/**
 * One run: a fresh page opens the game's replay (the organiser's view, the last event selected), and as soon as
 * its board shows the last revision, ← is pressed; the time until the board shows the revision before it is the
 * time until the page answers a key press. Each run in a new browser context: nothing cached from the last one (the
 * clock starts once the context's new window has settled).
 */
async function measure(browser: Browser, game: Game): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(TIME_LIMIT_MS);
    await page.waitForTimeout(WINDOW_SETTLE_MS);
    const last = game.events - 1;
    const board = (revision: number) =>
      page.locator(`[data-testid="board"][data-revision="${revision}"]:not([aria-busy])`).waitFor();
    const start = nowMs();
    await page.goto(`${game.server.url}/replay/${FIXTURE_GAME}#token=${BENCH_ORGANISER_TOKEN}`);
    await board(last);
    const opened = nowMs();
    await page.keyboard.press('ArrowLeft');
    await board(last - 1);
    const answered = nowMs();
    game.runs.push({ openMs: opened - start, keyMs: answered - opened, totalMs: answered - start });
  } finally {
    await context.close();
  }
}

/**
 * The replay page at scale (issue #17): in Chromium, the time from opening a game's replay page until it answers a
 * key press, on a 140,852-event game and on the 1,000,000-event fixture, each against the same measure on a
 * 2,000-event game of the same board in the same run (runs interleaved, one server process per game). The page
 * reads a page of events, the state and the timeline; the long games' first run includes the server's first read of
 * their timeline.
 */
export async function replayPageBench(million: MillionEventFixture): Promise<BenchRow[]> {
  if (!HAS_CHROMIUM) throw new Error(`${CHROMIUM} is needed for the replay page benchmark`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-replay-bench-'));
  const servers: ServerStats[] = [];
  let browser: Browser | undefined;
  const games: Game[] = [];
  try {
    const short = await buildMillionEventStore(path.join(dir, 'short.db'), SHORT_GAME_EVENTS);
    const long = await buildMillionEventStore(path.join(dir, 'long.db'), LONG_GAME_EVENTS);
    for (const [name, fixture] of [
      ['short', short],
      ['140k', long],
      ['1M', million],
    ] as const) {
      games.push({
        name,
        events: fixture.events,
        server: await startApiServer({ kind: 'sqlite', sqlitePath: fixture.path }, 'off'),
        runs: [],
      });
    }
    browser = await launchChromium();
    for (let run = 0; run < RUNS; run += 1) for (const game of games) await measure(browser, game);
  } finally {
    await browser?.close();
    for (const game of games) servers.push(await game.server.stop());
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const [short, ...long] = games;
  const baseline = distribution(short.runs.map((r) => r.totalMs));
  const targets: Record<string, number> = { '140k': 2000, '1M': 3000 };
  return long.map((game) => {
    const totals = distribution(game.runs.map((r) => r.totalMs));
    const ratios = distribution(game.runs.map((r, i) => r.totalMs / short.runs[i].totalMs));
    const limit = targets[game.name];
    return row({
      id: `replay-page-${game.name.toLowerCase()}`,
      what: `replay page: time until it answers a key press, ${game.events.toLocaleString('en')}-event game`,
      workload:
        `Chromium opens /replay/<game> (organiser, last event selected), presses ← once the board shows; a new ` +
        `browser context per run (the clock starts ${WINDOW_SETTLE_MS} ms after its window opened), ${RUNS} runs ` +
        `interleaved with the baseline, one server process per game`,
      measured: figure(`open + answer ←, ${game.events.toLocaleString('en')} events`, 'ms', totals),
      baseline: figure(`the same, ${short.events.toLocaleString('en')}-event game`, 'ms', baseline),
      ratio: { label: 'long game ÷ short game (median of paired runs)', value: ratios.median },
      target: `≤ ${limit / 1000} s`,
      checks: [check('open + answer ← (p99: the slowest run)', totals.p99, 'max', limit, 'ms')],
      serverPeakRssMb: Math.max(...servers.map((s) => s.peakRssMb)),
      details: {
        runs: game.runs.map((r) => ({
          openMs: Math.round(r.openMs),
          keyMs: Math.round(r.keyMs),
          totalMs: Math.round(r.totalMs),
        })),
        baselineRuns: short.runs.map((r) => Math.round(r.totalMs)),
        medianOpenMs: Math.round(distribution(game.runs.map((r) => r.openMs)).median),
        medianKeyMs: Math.round(distribution(game.runs.map((r) => r.keyMs)).median),
      },
    });
  });
}

if (require.main === module) {
  const fixture = JSON.parse(fs.readFileSync(argument('fixture') as string, 'utf8')) as MillionEventFixture;
  main(() => replayPageBench(fixture));
}
