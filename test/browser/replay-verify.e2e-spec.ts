/**
 * The replay page's Verify panel: receipts, the game's head and the tournament log, checked in the page.
 *
 * Why it is slow: Chromium, and the first Verify of a service started from the sources builds the verifier module
 * (esbuild).
 */
import { generateKeyPairSync } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type GameEventLine, TOURNAMENT_LOG_STREAM, gameStream } from '@app/games';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from '../api/support/api-test-app';
import { type PlayerTokens, playScenario, readEvents, readScenario } from '../api/support/scenario.http-player';
import { describeInBrowser } from '../support/describe-in-browser';
import { launchChromium } from '../support/headless-chromium';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');
const GAME = 'verified-in-page';
/** Where the run leaves screenshots of the Verify panel for a person to look at (never committed). */
const SHOTS = path.join(os.tmpdir(), 'sanctum-replay-verify');
/** The first Verify of a service started from the sources builds the verifier module (esbuild) before it runs. */
const FIRST_VERIFY_MS = 60_000;

/**
 * Issue #28, 2 in Chromium, the service in-process on a SQLite file: the replay page's Verify action checks what the
 * viewer holds with the project's verifier in the page. A player's receipts are signed, agree with the game's head,
 * the head is in the tournament log and, at the next look, the log has not been rewritten since; once the organiser
 * publishes the finished game's record, a spectator re-simulates it in the page; an event edited in the store is
 * named by its revision, in words; a log rewritten behind the service's back is reported at the next look.
 */
describeInBrowser('replay page: Verify, in the browser (e2e, SQLite, Chromium)', () => {
  const dir = makeTempDir();
  const db = path.join(dir, 'sanctum.db');
  let api: ApiTestApp;
  let tokens: PlayerTokens;
  let browser: Browser;
  let red: BrowserContext;
  let spectator: BrowserContext;
  const pageErrors: string[] = [];

  /** A new tab of a context (its localStorage is the context's: what the page kept at the last look). */
  async function open(context: BrowserContext, token?: string): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${api.url}/replay/${GAME}#token=${token === undefined ? '' : encodeURIComponent(token)}`);
    await page.locator('[data-testid="board"]:not([aria-busy])').waitFor();
    return page;
  }

  /** Clicks Verify and waits for the verdict; answers each check's outcome and headline, by id. */
  async function verify(page: Page): Promise<Record<string, { outcome: string; headline: string }>> {
    await page.getByTestId('verify').click();
    await page
      .locator('[data-testid="verify-panel"][data-state]:not([data-state="verifying"])')
      .waitFor({ timeout: FIRST_VERIFY_MS });
    const checks = await page.locator('[data-testid^="verify-check-"]').evaluateAll((items) =>
      items.map((item) => ({
        id: item.getAttribute('data-testid')?.replace('verify-check-', '') ?? '',
        outcome: item.querySelector('.tag')?.textContent ?? '',
        headline: item.querySelector('strong')?.textContent ?? '',
      })),
    );
    return Object.fromEntries(checks.map(({ id, ...check }) => [id, check]));
  }

  const status = (page: Page) => page.getByTestId('verify-status').textContent();
  const shot = (page: Page, name: string) =>
    page.getByTestId('verify-panel').screenshot({ path: path.join(SHOTS, `${name}.png`) });

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    api = await startApi(db);
    tokens = await playScenario(api, readScenario(EXAMPLE), GAME);
    await api.organiser.post('/log/heads').send({}).expect(200);
    browser = await launchChromium();
    red = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    spectator = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    removeTempDir(dir);
  });

  afterEach(() => expect(pageErrors).toEqual([]));

  it('a player: receipts signed and agreeing with the head, the head in the log; next time, the log not rewritten', async () => {
    const first = await open(red, tokens.red);
    const look = await verify(first);
    expect(look).toEqual({
      receipts: {
        outcome: 'holds',
        headline: expect.stringMatching(/^The \d+ receipts you hold are signed by the service$/),
      },
      heads: {
        outcome: 'holds',
        headline: expect.stringMatching(/^The game's head and the heads you hold are signed/),
      },
      agreement: {
        outcome: 'holds',
        headline: expect.stringMatching(
          /^Every receipt and head you hold agrees with the game's head at revision \d+$/,
        ),
      },
      inclusion: {
        outcome: 'holds',
        headline: expect.stringMatching(/^The game's head at revision \d+ is in the tournament log of size 1$/),
      },
      log: {
        outcome: 'noted',
        headline: expect.stringMatching(/^First look: this browser now keeps the log's checkpoint \(size 1\)/),
      },
    });
    expect(await status(first)).toBe('Verified: everything you hold checks out.');
    expect(await first.getByTestId('verify-note').textContent()).toMatch(/^The whole record is not public/);
    await shot(first, 'player-first-look');
    await first.close();

    // The game goes on and the organiser logs its head again: the log grows.
    await api.as(tokens.blue).post(`/games/${GAME}/resign`).send({ player: 'blue' }).expect(200);
    await api.organiser.post('/log/heads').send({}).expect(200);
    const next = await open(red, tokens.red);
    const again = await verify(next);
    expect(again.log).toEqual({
      outcome: 'holds',
      headline: 'The log has not been rewritten since you last looked (size 1 then, 2 now)',
    });
    expect(again.agreement.outcome).toBe('holds');
    expect(await status(next)).toBe('Verified: everything you hold checks out.');
    await shot(next, 'player-next-look');
    await next.close();
  }, 120_000);

  it('the organiser publishes the finished game’s record: a spectator re-simulates it in the page', async () => {
    await api.organiser.post(`/games/${GAME}/publish`).expect(200);
    const events = await readEvents(api, GAME);
    const page = await open(spectator);
    const look = await verify(page);
    expect(look.record).toEqual({
      outcome: 'holds',
      headline:
        `The whole record re-simulates: every event of revisions 0–${events.length - 1} is what the engine derives, ` +
        'the hash chain holds, and the record holds every receipt and head you hold',
    });
    expect(Object.values(look).map((check) => check.outcome)).not.toContain('does not hold');
    // The progress of the re-simulation, as it was last shown: every event.
    const progress = page.getByTestId('verify-progress');
    expect([
      await progress.getAttribute('max'),
      await progress.evaluate((bar) => (bar as unknown as { value: number }).value),
    ]).toEqual([String(events.length), events.length]);
    expect(await page.getByTestId('verify-note').count()).toBe(0);
    await shot(page, 'spectator-published');
    await page.close();
  }, 120_000);

  it('keys pinned in the browser are what signatures are checked against: a key of someone else’s fails them', async () => {
    const judge = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await open(judge);
      const foreign = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
      await page
        .getByTestId('verify-panel')
        .evaluate((panel) => ((panel as unknown as { hidden: boolean }).hidden = false));
      await page.locator('.verify-pin-other summary').click();
      await page.getByTestId('verify-key-text').fill(foreign);
      await page.getByTestId('verify-pin-text').click();
      expect(await page.getByTestId('verify-keys').textContent()).toMatch(/^Keys: pinned in this browser/);
      const refused = await verify(page);
      expect(refused.receipts).toEqual({
        outcome: 'does NOT hold',
        headline: expect.stringMatching(/^A receipt you hold is not the service's: .*is not one of the listed keys$/),
      });
      // Forgotten: the service's list again; pinned: the same list, kept in the browser.
      await page.getByTestId('verify-forget-keys').click();
      expect((await verify(page)).receipts.outcome).toBe('holds');
      await page.getByTestId('verify-pin').click();
      const pinned = await verify(page);
      expect(pinned.receipts.outcome).toBe('holds');
      await page.getByTestId('verify-check-receipts').locator('summary').click();
      expect(await page.getByTestId('verify-check-receipts').locator('.command').textContent()).toBe(
        `the same as: sanctum verify-receipt ${GAME}-receipts.jsonl --key pinned-keys.txt`,
      );
    } finally {
      await judge.close();
    }
  }, 120_000);

  it('a log rewritten behind the service’s back is reported at the player’s next look', async () => {
    // The log's rows replaced: the game's head logged afresh, then another game's heads, so the log is longer than
    // the one the player's browser kept, and does not extend it.
    const forger = new Database(db);
    try {
      forger.prepare('DELETE FROM events WHERE stream = ?').run(TOURNAMENT_LOG_STREAM);
    } finally {
      forger.close();
    }
    await api.organiser
      .post('/log/heads')
      .send({ gameIds: [GAME] })
      .expect(200);
    await playScenario(api, { ...readScenario(EXAMPLE), turns: [] }, 'another');
    await api.organiser
      .post('/log/heads')
      .send({ gameIds: ['another'] })
      .expect(200);
    await api.organiser.post('/games/another/result').send({ winner: null, reason: 'rained off' }).expect(200);
    await api.organiser
      .post('/log/heads')
      .send({ gameIds: ['another'] })
      .expect(200);
    const page = await open(red, tokens.red);
    const look = await verify(page);
    expect(look.log).toEqual({
      outcome: 'does NOT hold',
      headline:
        'The log was rewritten since you last looked: the proof does not show the log of size 3 extending the kept log of size 2',
    });
    expect(await status(page)).toBe(`NOT verified: ${look.log.headline}`);
    await shot(page, 'player-log-rewritten');
    // The kept checkpoint is not replaced by the rewritten log's: the next look says so again.
    const still = await verify(page);
    expect(still.log.outcome).toBe('does NOT hold');
    await page.close();
  }, 120_000);

  it('an event edited in the store: the page names the first revision that does not hold, in words', async () => {
    const events = await readEvents(api, GAME);
    const damage = events.find((event) => event.type === 'DamageApplied') as GameEventLine;
    const forger = new Database(db);
    try {
      forger
        .prepare('UPDATE events SET data = ? WHERE stream = ? AND revision = ?')
        .run(JSON.stringify({ ...(damage.data as object), amount: 1 }), gameStream(GAME), damage.revision);
    } finally {
      forger.close();
    }
    const page = await open(spectator);
    const look = await verify(page);
    expect(look.record).toEqual({
      outcome: 'does NOT hold',
      headline: `The record does not hold from revision ${damage.revision}: event differs: the engine derives this DamageApplied with other content`,
    });
    expect(await status(page)).toBe(`NOT verified: ${look.record.headline}`);
    await page.getByTestId('verify-check-record').locator('summary').click();
    expect(await page.getByTestId('verify-lines-record').textContent()).toContain(
      `re-simulation: DIVERGES at revision ${damage.revision}`,
    );
    await shot(page, 'spectator-forged-store');
    await page.close();
  }, 120_000);
});
