/**
 * The replay page over HTTP and in Chromium: events, timeline, HP, causal chains, viewers and receipts.
 *
 * Why it is slow: Chromium, and every view and viewer of the page is opened for real.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { GameEventLine } from '@app/games';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from '../api/support/api-test-app';
import {
  type PlayerTokens,
  countOf,
  playScenario,
  readEvents,
  readScenario,
  waitForEvents,
} from '../api/support/scenario.http-player';
import { describeInBrowser } from '../support/describe-in-browser';
import { launchChromium } from '../support/headless-chromium';
import { openReceiptsPanel } from './support/receipts-panel.opener';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');
const GAME = 'bolt-and-blade';
/** Where the test leaves a screenshot of the page for a person to look at (never committed). */
const SCREENSHOT = path.join(os.tmpdir(), 'sanctum-replay-page.png');

/** An event line with the fields of its data this test reads. */
type EventLine = Omit<GameEventLine, 'data'> & {
  data: { minionId?: string; orderId?: string; hpBefore?: number; hpAfter?: number };
};

describe('replay page /replay/:id (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let events: EventLine[];
  let tokens: PlayerTokens;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    tokens = await playScenario(api, readScenario(EXAMPLE), GAME);
    events = (await readEvents(api, GAME)) as EventLine[];
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  describe('over HTTP', () => {
    it('serves the page of a game, with a strict content security policy', async () => {
      // The page itself is public: it holds nothing of the game (its script reads with the fragment's token).
      const response = await api.as().get(`/replay/${GAME}`).expect(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.text).toContain(`data-game-id="${GAME}"`);
      expect(response.text).toContain('src="/replay/assets/replay.js"');
    });

    it('serves its modules and style sheet, and nothing else from its folder', async () => {
      const script = await api.as().get('/replay/assets/replay.js').expect(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.text).toContain("from './live-follow.js'");
      const module = await api.as().get('/replay/assets/live-follow.js').expect(200);
      expect(module.text).toContain('EventSource');
      await api.as().get('/replay/assets/tsconfig.json').expect(404);
      const css = await api.as().get('/replay/assets/replay.css').expect(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      await api.as().get('/replay/assets/replay.html').expect(404);
      await api.as().get('/replay/assets/..%2Freplay-assets.ts').expect(404);
    });

    it('answers an unknown game with a 404 page and a malformed id with a 400 page', async () => {
      const unknown = await api.as().get('/replay/no-such-game').expect(404);
      expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(unknown.text).toContain('There is no game &quot;no-such-game&quot;.');
      const malformed = await api.as().get('/replay/1%3Cscript%3E').expect(400);
      expect(malformed.text).toContain('&quot;1&lt;script&gt;&quot; is not a valid game id');
      expect(malformed.text).not.toContain('<script>');
    });

    it('is not listed in the OpenAPI document', async () => {
      const response = await api.as().get('/docs-json').expect(200);
      expect(Object.keys(response.body.paths as object).filter((route) => route.startsWith('/replay'))).toEqual([]);
    });
  });

  describeInBrowser('in Chromium (playwright-core)', () => {
    let browser: Browser;
    let page: Page;
    const pageErrors: string[] = [];

    /** The HP the state API gives for a minion right after a revision. */
    async function hpAt(revision: number, minionId: string): Promise<number> {
      const response = await api.organiser.get(`/games/${GAME}/state?at=${revision}`).expect(200);
      return (response.body as { state: { minions: Record<string, { hp: number }> } }).state.minions[minionId].hp;
    }

    /** Waits until the board shows that revision, then reads the minion's HP off the page. */
    async function shownHp(revision: number, minionId: string): Promise<number> {
      await page.locator(`[data-testid="board"][data-revision="${revision}"]:not([aria-busy])`).waitFor();
      expect(await page.getByTestId('revision').textContent()).toBe(String(revision));
      return Number(await page.getByTestId(`minion-${minionId}-hp`).textContent());
    }

    const slider = () => page.getByTestId('revision-slider');
    const damageApplied = (minionId: string) =>
      events.filter((event) => event.type === 'DamageApplied' && event.data.minionId === minionId);

    beforeAll(async () => {
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      page.setDefaultTimeout(10_000);
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('console', (message) => {
        // The page asks whether the service explains causes (`…/why`); a 404 there only means it does not.
        if (message.type() === 'error' && !message.location().url.endsWith('/why'))
          pageErrors.push(`${message.text()} (${message.location().url})`);
      });
      // The organiser's view: the token in the fragment, which the browser never sends to the server.
      await page.goto(`${api.url}/replay/${GAME}#token=${encodeURIComponent(api.organiserToken)}`);
    });

    afterAll(async () => {
      await browser?.close();
    });

    /**
     * An event's row once it holds its event: the list draws a row in view at once and fills it when its page of
     * events arrives, so a row read before then shows "…".
     */
    const eventRow = (on: Page, revision: number) => on.locator(`[data-testid="event-${revision}"]:not(.loading)`);

    /** Selects a revision with the slider and waits for the board to show it. */
    async function goTo(on: Page, revision: number): Promise<void> {
      await on.getByTestId('revision-slider').fill(String(revision));
      await on.locator(`[data-testid="board"][data-revision="${revision}"]:not([aria-busy])`).waitFor();
    }

    it('lists the events with their rule and step, and marks the turns and phases along the timeline', async () => {
      const last = events.length - 1;
      await page.locator(`[data-testid="board"][data-revision="${last}"]`).waitFor();
      // The token was taken out of the address (kept for the tab): a copied link does not carry it.
      expect(page.url()).not.toContain('token');
      expect(await page.getByTestId('viewer-mode').getAttribute('data-mode')).toBe('organiser');
      expect(await page.getByTestId('viewer-label').textContent()).toBe('organiser’s view: everything');
      // Virtualised: the rows in view exist, not one per event.
      const rows = await page.locator('[data-testid="event-list"] li.event').count();
      expect(rows).toBeGreaterThan(10);
      expect(rows).toBeLessThan(events.length);
      expect(await slider().getAttribute('max')).toBe(String(last));
      const damage = damageApplied('b-archer')[0];
      await goTo(page, damage.revision);
      const row = eventRow(page, damage.revision);
      expect(await row.locator('.type').textContent()).toBe('DamageApplied');
      expect(await row.locator('.step').textContent()).toBe(damage.metadata.step);
      expect(await row.locator('.rule').textContent()).toBe(damage.metadata.rule);
      for (const turn of [1, 2, 3]) await page.getByTestId(`marker-turn-${turn}`).waitFor();
      // A phase band selects the phase's first event.
      await page.getByTestId('marker-t1-combat').click();
      const combat = events.find((event) => event.metadata.turn === 1 && event.metadata.phase === 'combat');
      await page.locator(`[data-testid="board"][data-revision="${combat?.revision}"]`).waitFor();
    });

    it('shows the HP of the state API at each revision the slider and the keys move to', async () => {
      const bolt = damageApplied('b-archer')[0];
      const [blade, secondBolt] = damageApplied('b-sword');
      expect([bolt.data.hpBefore, bolt.data.hpAfter]).toEqual([3, 0]);

      // The slider's value, then a key on the focused slider.
      await slider().fill(String(bolt.revision - 1));
      const before = await shownHp(bolt.revision - 1, 'b-archer');
      expect(before).toBe(await hpAt(bolt.revision - 1, 'b-archer'));
      expect(before).toBe(3);
      await slider().focus();
      await page.keyboard.press('ArrowRight');
      const after = await shownHp(bolt.revision, 'b-archer');
      expect(after).toBe(await hpAt(bolt.revision, 'b-archer'));
      expect(after).toBe(0);
      expect(await page.getByTestId('selected-event-type').textContent()).toBe('DamageApplied');

      // The page's own keys, with the focus elsewhere (an event row), and the step buttons.
      await slider().fill(String(blade.revision - 2));
      await shownHp(blade.revision - 2, 'b-sword');
      await page
        .getByTestId(`event-${blade.revision - 2}`)
        .locator('button')
        .focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await shownHp(blade.revision, 'b-sword')).toBe(await hpAt(blade.revision, 'b-sword'));
      await page.getByTestId('step-prev').click();
      expect(await shownHp(blade.revision - 1, 'b-sword')).toBe(await hpAt(blade.revision - 1, 'b-sword'));
      await page.getByTestId('step-next').click();
      await page.getByTestId('step-next').click();
      expect(await shownHp(blade.revision + 1, 'b-sword')).toBe(await hpAt(blade.revision + 1, 'b-sword'));

      for (const revision of [secondBolt.revision - 1, secondBolt.revision, 0]) {
        await slider().fill(String(revision));
        expect(await shownHp(revision, 'b-sword')).toBe(await hpAt(revision, 'b-sword'));
      }
      await slider().focus();
      await page.keyboard.press('End');
      expect(await shownHp(events.length - 1, 'b-sword')).toBe(await hpAt(events.length - 1, 'b-sword'));
      await page.keyboard.press('Home');
      expect(await shownHp(0, 'b-archer')).toBe(await hpAt(0, 'b-archer'));
      // The address follows the selection once the keys have rested (it is written 250 ms after the last move).
      await page.waitForURL(/#rev=0$/);
      expect(page.url()).toMatch(/#rev=0$/);
    });

    /** The chain by metadata.causationId, computed here from the events the API gave: revisions, then the command. */
    function expectedChain(revision: number): { revisions: number[]; origin: string } {
      const revisions: number[] = [];
      for (let at = events[revision]; ;) {
        revisions.unshift(at.revision);
        const cause = String(at.metadata.causationId);
        const next = cause.startsWith(`${GAME}@`) ? events[Number(cause.slice(GAME.length + 1))] : undefined;
        if (next === undefined) return { revisions, origin: cause };
        at = next;
      }
    }

    /** Clicks an event in the list and checks the causal chain the page shows for it (from `source`). */
    async function clickAndCheckChain(on: Page, revision: number, source: 'service' | 'page'): Promise<void> {
      await goTo(on, Math.max(0, revision - 1));
      await on.getByTestId(`event-${revision}`).locator('button').click();
      await on.locator(`[data-testid="selected-event"][data-revision="${revision}"]`).waitFor();
      const chain = on.getByTestId('causal-chain');
      await on.locator(`[data-testid="causal-chain"][data-source="${source}"][data-revision="${revision}"]`).waitFor();
      const expected = expectedChain(revision);
      const shown = await chain
        .locator('[data-testid^="chain-rev-"]')
        .evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-revision'))));
      expect(shown).toEqual(expected.revisions);
      expect(await chain.getByTestId('chain-origin').textContent()).toBe(`command ${expected.origin}`);
      // The chain goes through the bolt's execution, which names the order a player placed.
      const execution = events.find((event) => shown.includes(event.revision) && event.type === 'SpellExecuting');
      const placed = events.find(
        (event) => event.type === 'SpellTargeted' && event.data.orderId === execution?.data.orderId,
      );
      await chain.getByTestId(`order-rev-${placed?.revision}`).waitFor();
    }

    it('shows the causal chain of a clicked event, and its links select their events', async () => {
      const bolt = damageApplied('b-archer')[0];
      const died = events.find((event) => event.type === 'MinionDied' && event.data.minionId === 'b-archer');
      if (died === undefined) throw new Error('b-archer does not die in the example');
      expect(expectedChain(died.revision).revisions).toContain(bolt.revision);
      // The service's own answer where it has `…/why`, else the page's.
      const why = await api.organiser.get(`/games/${GAME}/events/${died.revision}/why`);
      await clickAndCheckChain(page, died.revision, why.status === 200 ? 'service' : 'page');
      expect(await page.getByTestId('minion-b-archer-status').textContent()).toBe('dead');
      await page.screenshot({ path: SCREENSHOT, fullPage: true });

      await page.getByTestId('causal-chain').getByTestId(`chain-rev-${bolt.revision}`).click();
      expect(await shownHp(bolt.revision, 'b-archer')).toBe(await hpAt(bolt.revision, 'b-archer'));
      await expect(page.getByTestId(`event-${bolt.revision}`).getAttribute('class')).resolves.toContain('selected');
    });

    it('computes the causal chain itself where the service has no …/why', async () => {
      const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await other.route('**/why', (route) =>
          route.fulfill({ status: 404, contentType: 'application/json', body: '{"statusCode":404}' }),
        );
        await other.goto(`${api.url}/replay/${GAME}#token=${encodeURIComponent(api.organiserToken)}`);
        const died = events.find((event) => event.type === 'MinionDied') as EventLine;
        await clickAndCheckChain(other, died.revision, 'page');
        expect(await other.getByTestId('causal-chain').textContent()).toContain('computed in this page');
      } finally {
        await other.close();
      }
    });

    it('grows the timeline from the live stream, following it while the last event is selected', async () => {
      const last = events.length - 1;
      await page.getByTestId('step-last').click();
      await page.locator(`[data-testid="board"][data-revision="${last}"]`).waitFor();
      await api
        .as(tokens.red)
        .post(`/games/${GAME}/orders`)
        .send({ player: 'red', attack: { attacker: 'r-sword', victim: 'b-sword' } })
        .expect(201);
      await page.getByTestId(`event-${last + 1}`).waitFor();
      await page.locator(`[data-testid="board"][data-revision="${last + 1}"]`).waitFor();
      expect(await slider().getAttribute('max')).toBe(String(last + 1));
      expect(
        await eventRow(page, last + 1)
          .locator('.type')
          .textContent(),
      ).toBe('AttackOrdered');
      expect(pageErrors).toEqual([]);
    });

    it('shows what each rule says on its badge, and in the details with a link to the rule’s page', async () => {
      const damage = damageApplied('b-archer')[0];
      await goTo(page, damage.revision);
      const badge = eventRow(page, damage.revision).locator('.code.rule');
      await expect(badge.getAttribute('title')).resolves.toMatch(/^D4 Damage is applied: The minion loses HP/);
      const text = page.getByTestId('rule-text');
      expect(await text.textContent()).toContain('D4 Damage is applied: The minion loses HP equal to the damage left.');
      expect(await text.textContent()).toContain('from The Damage Pipeline');
      expect(await text.locator('a').getAttribute('href')).toBe('/rules/D4');
      // Every badge the page shows carries its rule's words.
      const titles = await page
        .locator('.code.rule')
        .evaluateAll((badges) => badges.map((b) => `${b.textContent}|${b.getAttribute('title')}`));
      expect(titles.length).toBeGreaterThan(5);
      for (const title of titles) expect(title).toMatch(/^([A-Z][0-9.]*|A)\|\1 .+: .{20,}/);
    });

    it('leads a squandered spell to the death that made its target dead, beside its own chain', async () => {
      const squandered = events.find((event) => event.type === 'SpellSquandered') as EventLine;
      const died = events.find((event) => event.type === 'MinionDied') as EventLine;
      await goTo(page, squandered.revision);
      await page
        .locator(`[data-testid="causal-chain"][data-source="service"][data-revision="${squandered.revision}"]`)
        .waitFor();
      expect(await page.getByTestId('selected-event-description').textContent()).toBe(
        `${squandered.data.orderId} is squandered: the target is dead (because of revision ${died.revision})`,
      );
      await page.getByTestId(`because-rev-${died.revision}`).waitFor();
      const nested = page.getByTestId('because-chain');
      expect(await nested.getByTestId(`because-link-${died.revision}`).textContent()).toContain('MinionDied');
      // The death's own chain, back to the bolt that caused it.
      const bolt = damageApplied('b-archer')[0];
      await nested.getByTestId(`because-chain-rev-${bolt.revision}`).waitFor();
      await page.screenshot({ path: SCREENSHOT.replace('.png', '-because.png'), fullPage: true });
      await nested.getByTestId(`because-link-${died.revision}`).click();
      await page.locator(`[data-testid="board"][data-revision="${died.revision}"]:not([aria-busy])`).waitFor();
      expect(await page.getByTestId('selected-event-type').textContent()).toBe('MinionDied');
    });

    it('lets the organiser switch to red’s, blue’s and the public view without other tokens, each exactly theirs', async () => {
      const viewer = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await viewer.goto(`${api.url}/replay/${GAME}#token=${encodeURIComponent(api.organiserToken)}`);
        const stored = await readEvents(api, GAME);
        const pending = stored.length - 1; // red's attack order of the live test: blue may not see it yet
        await viewer.locator(`[data-testid="board"][data-revision="${pending}"]`).waitFor();
        expect(await eventRow(viewer, pending).locator('.type').textContent()).toBe('AttackOrdered');
        for (const [view, label, shown] of [
          ['blue', 'blue’s view', 'Redacted'],
          ['public', 'public view', 'Redacted'],
          ['red', 'red’s view', 'AttackOrdered'],
        ] as const) {
          await viewer.getByTestId('view-switch').selectOption(view);
          await viewer.locator(`[data-testid="viewer-mode"][data-mode="${view}"]`).waitFor();
          expect(await viewer.getByTestId('viewer-label').textContent()).toContain(label);
          await viewer.locator(`[data-testid="board"][data-revision="${pending}"]:not([aria-busy])`).waitFor();
          const row = eventRow(viewer, pending).locator('.type');
          expect([view, await row.textContent()]).toEqual([view, shown]);
          // The board is that viewer's: its own token's state, byte for byte, shows the same hand.
          const own = view === 'public' ? api.as() : api.as(tokens[view]);
          const state = (await own.get(`/games/${GAME}/state?at=${pending}`).expect(200)).body as {
            state: { players: { blue: { hand: string[]; handSize?: number } } };
          };
          const hand = state.state.players.blue;
          const expectedHand = hand.hand.length ? hand.hand.join(', ') : hand.handSize ? `hidden` : 'empty';
          expect(await viewer.getByTestId('player-blue-hand').textContent()).toContain(expectedHand);
        }
        await viewer.screenshot({ path: SCREENSHOT.replace('.png', '-as-red.png'), fullPage: true });
        // A player's own page has no switch: its token shows its view only.
        await viewer.goto(`${api.url}/replay/${GAME}#token=${encodeURIComponent(tokens.blue)}`);
        await viewer.locator('[data-testid="viewer-mode"][data-mode="blue"]').waitFor();
        expect(await viewer.getByTestId('view-switch').count()).toBe(0);
      } finally {
        await viewer.close();
      }
    });

    it('shows a spectator (no token) the other side’s order as hidden until the turn executes, then in its place', async () => {
      const spectator = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      spectator.on('pageerror', (error) => errors.push(error.message));
      try {
        // Red's attack order of the test before is the last event: the turn is still in its orders phase.
        const stored = await readEvents(api, GAME);
        const hidden = stored.length - 1;
        expect(stored[hidden]).toMatchObject({ type: 'AttackOrdered', data: { player: 'red' } });
        await spectator.goto(`${api.url}/replay/${GAME}`);
        await spectator.locator(`[data-testid="board"][data-revision="${hidden}"]:not([aria-busy])`).waitFor();
        expect(await spectator.getByTestId('viewer-mode').getAttribute('data-mode')).toBe('public');
        expect(await spectator.getByTestId('view-switch').count()).toBe(0);
        const row = eventRow(spectator, hidden);
        expect(await row.locator('.type').textContent()).toBe('Redacted');
        expect(await row.locator('.summary').textContent()).toBe('a hidden order');
        expect(await row.getAttribute('class')).toContain('redacted');
        const board = await spectator.getByTestId('board').textContent();
        expect(board).not.toContain('attacks');
        expect(await spectator.getByTestId('player-blue-hand').textContent()).toMatch(/hidden|empty/);

        // Both confirm: the turn executes, and the order comes out where it was given.
        await api.as(tokens.red).post(`/games/${GAME}/confirm`).send({ player: 'red' }).expect(200);
        await api.as(tokens.blue).post(`/games/${GAME}/confirm`).send({ player: 'blue' }).expect(200);
        // The page follows the game to its new end; back at the order's revision, the order is shown in its place.
        const end = (await readEvents(api, GAME)).length - 1;
        await spectator.locator(`[data-testid="board"][data-revision="${end}"]:not([aria-busy])`).waitFor();
        await goTo(spectator, hidden);
        await spectator.locator(`[data-testid="event-${hidden}"] .type`, { hasText: 'AttackOrdered' }).waitFor();
        expect(await spectator.getByTestId(`event-${hidden}`).getAttribute('class')).not.toContain('redacted');
        expect(errors).toEqual([]);
      } finally {
        await spectator.close();
      }
    });

    it('shows each viewer the receipts it may see: red its own and the public ones, the organiser all', async () => {
      const receiptsOf = async (token: string) =>
        (await api.as(token).get(`/games/${GAME}/receipts`).expect(200)).body.receipts as {
          revision: number;
          commandId: string;
        }[];
      // Read once the panel is opened: recomputing them is a pass over the whole game.
      const shown = async (viewer: Page) => {
        await openReceiptsPanel(viewer);
        return viewer
          .locator('[data-testid="receipts"] li')
          .evaluateAll((items) => items.map((item) => item.querySelector('.command')?.textContent ?? ''));
      };
      // The turn the test before executed is collected first: the lists compared below then stay as they are.
      await waitForEvents(
        api,
        GAME,
        (lines) => countOf(lines, 'GarbageCollectionScheduled') === countOf(lines, 'GarbageCollected'),
      );
      const red = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await red.goto(`${api.url}/replay/${GAME}#token=${encodeURIComponent(tokens.red)}`);
        const expected = await receiptsOf(tokens.red);
        expect(await shown(red)).toEqual(expected.map((receipt) => receipt.commandId));
        expect(expected.some((receipt) => receipt.commandId.includes('/blue/'))).toBe(false);
        expect(expected.some((receipt) => receipt.commandId.includes('/red/'))).toBe(true);
        expect(expected.some((receipt) => receipt.commandId.startsWith('collect-garbage/'))).toBe(true);
        // A receipt's revision selects its event, which names the receipt.
        const own = expected.find((receipt) => receipt.commandId.includes('/red/')) as { revision: number };
        await red.getByTestId(`receipt-rev-${own.revision}`).click();
        // Two steps, so that a failure says which one did not happen: the revision selected, then its receipt named.
        await red
          .getByTestId('revision')
          .filter({ hasText: new RegExp(`^${own.revision}$`) })
          .waitFor();
        await red
          .locator(`[data-testid="selected-event"][data-revision="${own.revision}"] [data-testid="selected-receipt"]`)
          .waitFor();
        const download = red.getByTestId('receipts-download');
        expect(await download.getAttribute('download')).toBe(`${GAME}-receipts.jsonl`);
        const lines = decodeURIComponent((await download.getAttribute('href'))?.split(',')[1] ?? '')
          .trim()
          .split('\n');
        expect(lines.map((line) => JSON.parse(line).commandId)).toEqual(expected.map((receipt) => receipt.commandId));
      } finally {
        await red.close();
      }
      await page.reload();
      const all = await receiptsOf(api.organiserToken);
      expect(await shown(page)).toEqual(all.map((receipt) => receipt.commandId));
      expect(all.some((receipt) => receipt.commandId.includes('/blue/'))).toBe(true);
      // The organiser looking through red's eyes sees red's receipts, exactly.
      const asRed = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await asRed.goto(`${api.url}/replay/${GAME}#token=${encodeURIComponent(api.organiserToken)}&view=red`);
        expect(await shown(asRed)).toEqual((await receiptsOf(tokens.red)).map((receipt) => receipt.commandId));
      } finally {
        await asRed.close();
      }
      expect(pageErrors).toEqual([]);
    });
  });
});
