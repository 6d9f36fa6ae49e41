import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { GameEventLine } from '@app/games';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from '../api/support/api-test-app';
import { playScenario, readEvents, readScenario } from '../api/support/scenario.http-player';
import { describeInBrowser } from '../support/describe-in-browser';
import { launchChromium } from '../support/headless-chromium';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');
const GAME = 'bolt-and-blade';
const VIEWPORT = { width: 1440, height: 900 };

interface ShownMinion {
  hp: number;
  status: string;
}

/**
 * The board is drawn in place (board.js keeps an element per minion, square, group…, and rebuilds only those whose
 * content changed): a board reached by stepping must show exactly what a page opened at that revision draws from
 * nothing, and what did not change between two steps must be the same element, not a copy.
 *
 * Why it is slow: it steps back through every event of a game and forward again, key by key, in Chromium, and opens a
 * page afresh at several of them to compare.
 */
describeInBrowser('replay page: the board drawn in place (e2e, SQLite, Chromium)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let events: GameEventLine[];
  let browser: Browser;
  let page: Page;

  const shownAt = (on: Page, revision: number) =>
    Promise.all([
      on.locator(`[data-testid="board"][data-revision="${revision}"]:not([aria-busy])`).waitFor(),
      // The board marks what the selected event names once that event is read: both pages must have it.
      on.locator(`[data-testid="selected-event"][data-revision="${revision}"]`).waitFor(),
    ]);
  const boardHtml = (on: Page) => on.getByTestId('board').evaluate((board) => board.innerHTML);
  const address = (revision: number) =>
    `${api.url}/replay/${GAME}#rev=${revision}&token=${encodeURIComponent(api.organiserToken)}`;

  /** The board of a page opened at `revision`: drawn once, from nothing. */
  async function drawnFromNothing(revision: number): Promise<string> {
    const fresh = await browser.newPage({ viewport: VIEWPORT });
    try {
      await fresh.goto(address(revision));
      await shownAt(fresh, revision);
      return await boardHtml(fresh);
    } finally {
      await fresh.close();
    }
  }

  async function minionsAt(revision: number): Promise<Record<string, ShownMinion>> {
    const response = await api.organiser.get(`/games/${GAME}/state?at=${revision}`).expect(200);
    return (response.body as { state: { minions: Record<string, ShownMinion> } }).state.minions;
  }

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    await playScenario(api, readScenario(EXAMPLE), GAME);
    events = await readEvents(api, GAME);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORT });
    page.setDefaultTimeout(10_000);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    removeTempDir(dir);
  });

  it('stepping back through the whole game and forward again shows, at each event that changes the board, what a page opened there shows', async () => {
    const last = events.length - 1;
    // Where the board changes most: deaths, damage, squandered and resolved spells, collection, the set-up.
    const checked = new Set([0, last]);
    for (const type of ['DamageApplied', 'MinionDied', 'SpellSquandered', 'GarbageCollected', 'SpellResolved']) {
      const first = events.find((event) => event.type === type);
      if (first !== undefined) checked.add(first.revision);
    }
    expect(checked.size).toBeGreaterThan(4);
    const stepped = new Map<number, string>();
    await page.goto(address(last));
    await shownAt(page, last);
    stepped.set(last, await boardHtml(page));
    for (let revision = last - 1; revision >= 0; revision -= 1) {
      await page.keyboard.press('ArrowLeft');
      await shownAt(page, revision);
      if (checked.has(revision)) stepped.set(revision, await boardHtml(page));
    }
    // Forward again over the first death: the dead card goes back to its state after the steps back.
    const died = events.find((event) => event.type === 'MinionDied') as GameEventLine;
    for (let revision = 1; revision <= died.revision; revision += 1) {
      await page.keyboard.press('ArrowRight');
      await shownAt(page, revision);
    }
    const forward = await boardHtml(page);
    for (const revision of [...checked].sort((a, b) => a - b)) {
      const fromNothing = await drawnFromNothing(revision);
      expect([revision, stepped.get(revision)]).toEqual([revision, fromNothing]);
      if (revision === died.revision) expect(forward).toBe(fromNothing);
    }
  }, 120_000);

  it('keeps the card of a minion that did not change as the same element, and redraws the one that did', async () => {
    const damage = events.find((event) => event.type === 'DamageApplied') as GameEventLine & {
      data: { minionId: string };
    };
    const [before, after] = await Promise.all([minionsAt(damage.revision - 1), minionsAt(damage.revision)]);
    const hit = damage.data.minionId;
    expect(after[hit].hp).not.toBe(before[hit].hp);
    const unchanged = Object.keys(after).find(
      (id) => id !== hit && JSON.stringify(after[id]) === JSON.stringify(before[id]),
    );
    if (unchanged === undefined) throw new Error('every minion changes at the first damage');
    await page.goto(address(damage.revision - 1));
    await shownAt(page, damage.revision - 1);
    // A mark on the elements themselves (not in the markup): it survives only on the very same nodes.
    const mark = (id: string) =>
      page.getByTestId(`minion-${id}`).evaluate((card) => Object.assign(card, { keptMark: true }) && undefined);
    const marked = (id: string) =>
      page.getByTestId(`minion-${id}`).evaluate((card) => (card as { keptMark?: boolean }).keptMark === true);
    await mark(unchanged);
    await mark(hit);
    await page.keyboard.press('ArrowRight');
    await shownAt(page, damage.revision);
    expect(await marked(unchanged)).toBe(true);
    expect(await marked(hit)).toBe(false);
    expect(await page.getByTestId(`minion-${hit}-hp`).textContent()).toBe(String(after[hit].hp));
  });
});
