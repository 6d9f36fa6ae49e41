/**
 * The replay page as a person follows a game: the board, the moves, the standings, a minion's story, notes, links
 * and the result.
 *
 * Why it is slow: Chromium: one page moved from moment to moment, and pages of their own for other viewers, a shared
 * link and a phone's width.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { GameEventLine, MovesPage } from '@app/games';
import type { Scenario } from '@app/rules';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from '../api/support/api-test-app';
import {
  type PlayerTokens,
  createGame,
  playScenario,
  readEvents,
  readScenario,
  setupBody,
} from '../api/support/scenario.http-player';
import { describeInBrowser } from '../support/describe-in-browser';
import { launchChromium } from '../support/headless-chromium';
import { waitForSettledChain } from './support/settled-chain.wait';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');
const GAME = 'board-picture';
/** Where the run leaves screenshots of the main views for a person to look at (never committed). */
const SHOTS = path.join(os.tmpdir(), 'sanctum-replay-game-view');
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The example with a group more on each side, on squares of their own: a board worth a picture. */
function boardScenario(): Scenario {
  const example = readScenario(EXAMPLE);
  const recruit = (id: string, hp: number) => ({
    id,
    kind: 'recruit' as const,
    class: 'archer',
    hp,
    armor: 0,
    attacks: [{ kind: 'missile' as const, damage: 1 }],
  });
  return {
    ...example,
    board: {
      ...example.board,
      groups: [
        ...example.board.groups,
        { id: 'r-scouts', owner: 'red', square: 'B2', minions: [recruit('r-scout', 2)] },
        { id: 'b-raiders', owner: 'blue', square: 'C3', minions: [recruit('b-raider', 4), recruit('b-runner', 1)] },
      ],
    },
  };
}

type ShownState = {
  groups: Record<string, { square: string; minionIds: string[] }>;
  minions: Record<string, { hp: number; status: string }>;
};

/**
 * Issue #27 in Chromium, looked at as a person would: the board as a picture of the board (the right minions on the
 * right squares at three moments), the move list against the events, who is ahead, a minion's story, a judge's
 * note, the share link opened by someone else, the result banner when a player resigns, the home page, and a
 * phone's width. The run writes screenshots of these views to SHOTS.
 */
describeInBrowser('replay page: the game as a person follows it (e2e, SQLite, Chromium)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let tokens: PlayerTokens;
  let events: GameEventLine[];
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const address = (gameId: string, fragment: string) => `${api.url}/replay/${gameId}#${fragment}`;
  const organiserAt = (gameId: string, revision: number) =>
    address(gameId, `rev=${revision}&token=${encodeURIComponent(api.organiserToken)}`);
  const boardAt = (on: Page, revision: number) =>
    on.locator(`[data-testid="board"][data-revision="${revision}"]:not([aria-busy])`).waitFor();
  const shot = (on: Page, name: string) => on.screenshot({ path: path.join(SHOTS, `${name}.png`) });

  async function goTo(on: Page, revision: number): Promise<void> {
    await on.getByTestId('revision-slider').fill(String(revision));
    await boardAt(on, revision);
  }

  async function stateAt(revision: number, token = api.organiserToken): Promise<ShownState> {
    return (await api.as(token).get(`/games/${GAME}/state?at=${revision}`).expect(200)).body.state as ShownState;
  }

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    api = await startApi(path.join(dir, 'sanctum.db'));
    tokens = await playScenario(api, boardScenario(), GAME);
    events = await readEvents(api, GAME);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: WIDE });
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(organiserAt(GAME, 0));
    await boardAt(page, 0);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    removeTempDir(dir);
  });

  it('draws the board as a grid, with the right minions on each square, at three moments of the game', async () => {
    const died = events.find((event) => event.type === 'MinionDied') as GameEventLine;
    for (const revision of [0, died.revision, events.length - 1]) {
      await goTo(page, revision);
      const state = await stateAt(revision);
      const grid = page.getByTestId('board-grid');
      expect(await page.getByTestId('board-list').count()).toBe(0);
      for (const square of ['B2', 'C3', 'D4']) {
        const expected = Object.values(state.groups)
          .filter((group) => group.square === square)
          .flatMap((group) => group.minionIds)
          .sort();
        const cell = grid.getByTestId(`square-${square}`);
        const shown = await cell
          .locator('article.minion')
          .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-entity') ?? ''));
        expect([revision, square, shown.sort()]).toEqual([revision, square, expected]);
        // Where the id says: column letter (after the row labels' column), row number (after the column labels).
        const place = await cell.evaluate((element) => [element.style.gridColumn, element.style.gridRow]);
        expect(place).toEqual([String(square.charCodeAt(0) - 64 + 1), String(Number(square.slice(1)) + 1)]);
        for (const id of shown) {
          const hp = await page.getByTestId(`minion-${id}-hp`).textContent();
          expect([revision, id, Number(hp)]).toEqual([revision, id, state.minions[id]?.hp]);
        }
      }
      // The squares in between are drawn empty; A1 holds red's sanctum.
      await grid.getByTestId('square-A4').waitFor();
      expect(await grid.getByTestId('square-A1').textContent()).toContain('sanctum');
    }
    // b-archer dies in turn 1: greyed in its graveyard until the collection.
    await goTo(page, died.revision);
    const archer = page.getByTestId('minion-b-archer');
    expect(await archer.getAttribute('class')).toContain('status-dead');
    const filter = await archer.evaluate(
      (card) =>
        (
          card.ownerDocument.defaultView as unknown as { getComputedStyle(e: unknown): { filter: string } }
        ).getComputedStyle(card).filter,
    );
    expect(filter).toContain('grayscale');
    expect(await page.getByTestId('minion-b-sword-armor-bar').getAttribute('value')).toBe(String(2));
    await shot(page, 'board-picture');
  });

  it('keeps the list for a set-up whose squares are not grid ids', async () => {
    const scenario = readScenario(EXAMPLE);
    const named = JSON.parse(JSON.stringify(scenario).replaceAll('"D4"', '"river"').replaceAll('"A1"', '"keep"'));
    await createGame(api, setupBody(named, 'named-squares'));
    const other = await browser.newPage({ viewport: WIDE });
    try {
      await other.goto(address('named-squares', ''));
      await boardAt(other, 6);
      await other.getByTestId('board-list').getByTestId('square-river').waitFor();
      expect(await other.getByTestId('board-grid').count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('lists the moves of a turn with their outcomes as the events record them; a line opens its events', async () => {
    const bolt = events.find((event) => event.type === 'SpellResolved') as GameEventLine;
    await goTo(page, bolt.revision);
    const turn = page.getByTestId('moves-turn-1');
    await turn.waitFor();
    const lines = await turn.locator('li.move').evaluateAll((items) =>
      items.map((item) => ({
        text: item.querySelector('[data-testid="move-text"]')?.textContent ?? '',
        outcome: item.getAttribute('data-outcome'),
        effects: item.querySelector('[data-testid="move-effects"]')?.textContent ?? '',
      })),
    );
    // The outcomes as the events record them: for each order, its resolution, squander or execution.
    const byOrder = (orderId: string) =>
      events.filter((event) => (event.data as { orderId?: string }).orderId === orderId);
    const expected = events
      .filter((event) => event.metadata.turn === 1 && ['SpellTargeted', 'AttackOrdered'].includes(event.type))
      .map((placed) => {
        const data = placed.data as { orderId: string; spell?: string; player: string };
        const ending = byOrder(data.orderId).find((event) =>
          ['SpellResolved', 'SpellActivated', 'SpellSquandered', 'AttackExecuting', 'AttackFizzled'].includes(
            event.type,
          ),
        );
        const outcome = {
          SpellResolved: 'resolved',
          SpellActivated: 'active',
          SpellSquandered: 'squandered',
          AttackExecuting: 'executed',
          AttackFizzled: 'fizzled',
        }[ending?.type ?? ''];
        return { player: data.player, outcome };
      });
    const shownOrders = lines.filter((line) => line.outcome !== null && /^(red|blue)[: ]/.test(line.text));
    expect(shownOrders.map((line) => ({ player: line.text.split(':')[0], outcome: line.outcome }))).toEqual(expected);
    expect(lines.find((line) => line.text === 'red: bolt → b-archer')?.effects).toBe('3 → b-archer · † b-archer');
    expect(lines.some((line) => line.text.startsWith('garbage collection of turn 1'))).toBe(true);
    // The line of the selected revision is marked; opening it lists the events the API gives for it.
    const current = turn.locator('li.move.current');
    expect(await current.getByTestId('move-text').textContent()).toBe('red: bolt → b-archer');
    await current.locator('.move-head').click();
    const api1 = (await api.organiser.get(`/games/${GAME}/moves?turn=1&turns=1`).expect(200)).body as MovesPage;
    const boltLine = api1.turns[0]?.lines.find((line) => line.text === 'red: bolt → b-archer');
    const opened = await current
      .getByTestId('move-events')
      .locator('button[data-revision]')
      .evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-revision'))));
    expect(opened).toEqual(boltLine?.revisions);
    // An event of the line selects its revision.
    const damage = events.find((event) => event.type === 'DamageApplied') as GameEventLine;
    await current.getByTestId(`move-event-${damage.revision}`).click();
    await boardAt(page, damage.revision);
    await shot(page, 'moves');
  });

  it('says who is ahead at the selected turn, from the standings the API gives', async () => {
    const { points } = (await api.as().get(`/games/${GAME}/standings`).expect(200)).body as {
      points: { turn: number; revision: number; red: { hp: number }; blue: { hp: number } }[];
    };
    const endOfTurn1 = points.find((point) => point.turn === 1) as (typeof points)[number];
    await goTo(page, endOfTurn1.revision);
    const words = page.getByTestId('standings-now');
    await page.locator('[data-testid="standings-now"][data-turn="1"]').waitFor();
    expect(await words.textContent()).toContain(`red 2 minions, ${endOfTurn1.red.hp} HP`);
    expect(await page.getByTestId('standings-strip').getAttribute('data-points')).toBe(String(points.length));
    const leader =
      endOfTurn1.red.hp === endOfTurn1.blue.hp ? 'level' : endOfTurn1.red.hp > endOfTurn1.blue.hp ? 'red' : 'blue';
    expect(await words.getAttribute('data-leader')).toBe(leader);
  });

  it('tells a clicked minion’s story and why it died, as the API says it; its links select their revisions', async () => {
    const died = events.find((event) => event.type === 'MinionDied') as GameEventLine;
    await goTo(page, died.revision);
    await page.locator('[data-minion="b-archer"]').click();
    await page.locator('[data-testid="minion-story"][data-state="shown"]').waitFor();
    const story = (await api.organiser.get(`/games/${GAME}/why?minion=b-archer`).expect(200)).body;
    expect(await page.getByTestId('story-summary').textContent()).toBe(story.summary);
    const causes = await page
      .getByTestId('story-death')
      .locator('button[data-revision]')
      .evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-revision'))));
    expect(causes).toEqual((story.died.because as { revision: number }[]).map((link) => link.revision));
    await page.getByTestId(`story-cause-${causes[0]}`).click();
    await boardAt(page, causes[0] as number);
    await shot(page, 'minion-story');
  });

  it('shows a judge’s note at its revision to those it is for, and writes one from the organiser’s form', async () => {
    const revision = events.findIndex((event) => event.type === 'SpellSquandered');
    await goTo(page, revision);
    await waitForSettledChain(page);
    await page.getByTestId('notes-panel').locator('summary').click();
    await page.getByTestId('note-text').fill('the mend came too late: the archer was already dead');
    await page.locator('input[name="visibleTo"][value="blue"]').check();
    await page.getByTestId('note-write').click();
    await page.locator('[data-testid="note-here"]', { hasText: 'the mend came too late' }).waitFor();
    const notes = (await api.organiser.get(`/games/${GAME}/notes`).expect(200)).body.notes;
    expect(notes).toEqual([
      { id: 'note.1', revision, text: 'the mend came too late: the archer was already dead', visibleTo: ['blue'] },
    ]);
    const context = await browser.newContext({ viewport: WIDE });
    try {
      const blue = await context.newPage();
      await blue.goto(address(GAME, `rev=${revision}&token=${encodeURIComponent(tokens.blue)}`));
      await blue.locator('[data-testid="note-here"]', { hasText: 'the mend came too late' }).waitFor();
      expect(await blue.getByTestId('note-form').isHidden()).toBe(true);
      const spectator = await context.newPage();
      await spectator.goto(address(GAME, `rev=${revision}&token=`));
      await boardAt(spectator, revision);
      await waitForSettledChain(spectator);
      await spectator.getByTestId('notes-panel').locator('summary').click();
      await spectator.locator('[data-testid="notes"] li.empty').waitFor();
      expect(await spectator.getByTestId('notes-here').isHidden()).toBe(true);
      expect(await spectator.content()).not.toContain('the mend came too late');
    } finally {
      await context.close();
    }
  });

  it('filters the raw events by minion and rule, as the API filters them for this view', async () => {
    await page.getByTestId('filter-minion').fill('b-archer');
    await page.getByTestId('filter-rule').fill('E3');
    await page.getByTestId('filter-apply').click();
    await page.locator('[data-testid="filtered-events"][data-done="true"]').waitFor();
    const shown = await page
      .getByTestId('filtered-list')
      .locator('button[data-revision]')
      .evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-revision'))));
    const expected = events
      .filter(
        (event) => JSON.stringify(event.data).includes('"b-archer"') && /^E3(\.|$)/.test(String(event.metadata.rule)),
      )
      .map((event) => event.revision);
    expect(shown).toEqual(expected);
    expect(await page.getByTestId('event-list').isHidden()).toBe(true);
    await page.getByTestId('filter-clear').click();
    await page.getByTestId('event-list').waitFor();
  });

  it('copies a link to the moment in the public view; opened elsewhere, it shows no more than the public sees', async () => {
    // Red's order of turn 3, not yet confirmed: hidden from the public until the turn executes.
    await api
      .as(tokens.red)
      .post(`/games/${GAME}/orders`)
      .send({ player: 'red', attack: { attacker: 'r-sword', victim: 'b-sword' } })
      .expect(201);
    const last = (await readEvents(api, GAME)).length - 1;
    await page.getByTestId('step-last').click();
    await boardAt(page, last);
    await page.getByTestId('copy-link').click();
    const link = await page.getByTestId('share-link').inputValue();
    expect(link).toBe(`${api.url}/replay/${GAME}#rev=${last}&view=public`);
    const hidden = await api.as().get(`/games/${GAME}/events?from=${last}`).expect(200);
    expect(hidden.body.events[0].type).toBe('Redacted');

    for (const who of ['a stranger', 'red, with its token in that tab'] as const) {
      const context: BrowserContext = await browser.newContext({ viewport: WIDE });
      try {
        const other = await context.newPage();
        const errors: string[] = [];
        other.on('pageerror', (error) => errors.push(error.message));
        if (who !== 'a stranger') {
          await other.goto(address(GAME, `token=${encodeURIComponent(tokens.red)}`));
          await other.locator('[data-testid="viewer-mode"][data-mode="red"]').waitFor();
        }
        await other.goto(link);
        if (who !== 'a stranger') {
          // In a tab already on the page, the link changes only the fragment: reload once the address holds it, as
          // a reload before the fragment is committed would read the page again at its earlier address.
          await other.waitForFunction(() =>
            (globalThis as unknown as { location: { hash: string } }).location.hash.includes('view=public'),
          );
          await other.reload();
        }
        await boardAt(other, last);
        expect([who, await other.getByTestId('viewer-mode').getAttribute('data-mode')]).toEqual([who, 'public']);
        expect(await other.getByTestId('view-switch').count()).toBe(0);
        await other.locator(`[data-testid="event-${last}"]:not(.loading) .type`).waitFor();
        expect(await other.locator(`[data-testid="event-${last}"] .type`).textContent()).toBe('Redacted');
        // Red's own hand is red's: the public link shows it hidden, even in red's tab.
        expect(await other.getByTestId('player-red-hand').textContent()).toMatch(/hidden|empty/);
        expect(await other.getByTestId('board').textContent()).not.toContain('r-sword attacks');
        expect(errors).toEqual([]);
        if (who === 'a stranger') await shot(other, 'shared-link-public');
      } finally {
        await context.close();
      }
    }
  });

  it('shows the result banner when a player resigns, live and after a reload', async () => {
    const tokensOfEnding = await playScenario(
      api,
      { ...boardScenario(), turns: boardScenario().turns.slice(0, 1) },
      'ending',
    );
    const watcher = await browser.newPage({ viewport: WIDE });
    try {
      await watcher.goto(address('ending', `token=${encodeURIComponent(api.organiserToken)}`));
      const last = (await readEvents(api, 'ending')).length - 1;
      await boardAt(watcher, last);
      expect(await watcher.getByTestId('result-banner').isHidden()).toBe(true);
      await api.as(tokensOfEnding.blue).post('/games/ending/resign').send({ player: 'blue' }).expect(200);
      await watcher.locator('[data-testid="result-banner"]:not([hidden])').waitFor();
      expect(await watcher.getByTestId('result-text').textContent()).toBe(
        'Game over: red wins (blue resigned), turn 2',
      );
      await watcher.locator('[data-testid="move-list"] [data-kind="end"]').waitFor();
      await watcher.reload();
      await watcher.locator('[data-testid="result-banner"]:not([hidden])').waitFor();
      expect(await watcher.getByTestId('result-text').textContent()).toBe(
        'Game over: red wins (blue resigned), turn 2',
      );
      await shot(watcher, 'result-banner');
    } finally {
      await watcher.close();
    }
  });

  it('lists the games on the home page with players, turn, status and result, and the organiser’s audit', async () => {
    const home = await browser.newPage({ viewport: WIDE });
    try {
      await home.goto(`${api.url}/#token=${encodeURIComponent(api.organiserToken)}`);
      expect(await home.getByTestId('status-ending').textContent()).toBe('ended');
      expect(await home.getByTestId('result-ending').textContent()).toBe('red wins (resignation, turn 2)');
      expect(await home.getByTestId(`status-${GAME}`).textContent()).toBe('live');
      await home.locator(`[data-testid="audit-${GAME}"][data-verdict]`).waitFor();
      await home.locator('[data-testid="audit-ending"][data-verdict]').waitFor();
      expect(await home.getByTestId('audit-ending').textContent()).toBe('✓ audit clean');
      await shot(home, 'home');
      // Without the organiser's token there is no audit column.
      await home.goto(`${api.url}/#token=`);
      await home.reload();
      await home.getByTestId('games').waitFor();
      expect(await home.locator('th.audit').isHidden()).toBe(true);
    } finally {
      await home.close();
    }
  });

  it('stays usable at a phone’s width: no page-wide sideways scroll, the board scrolls within itself', async () => {
    const phone = await browser.newPage({ viewport: PHONE });
    try {
      await phone.goto(organiserAt(GAME, 20));
      await boardAt(phone, 20);
      await phone.getByTestId('moves-turn-1').waitFor();
      const widths = await phone.evaluate(() => {
        type Root = { documentElement: { scrollWidth: number; clientWidth: number } };
        const root = (globalThis as unknown as { document: Root }).document.documentElement;
        return { page: root.scrollWidth, view: root.clientWidth };
      });
      expect(widths.page).toBeLessThanOrEqual(widths.view);
      await phone.getByTestId('step-next').click();
      await boardAt(phone, 21);
      await phone.getByTestId('square-D4').scrollIntoViewIfNeeded();
      await shot(phone, 'phone');
    } finally {
      await phone.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
