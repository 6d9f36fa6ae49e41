import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Receipt } from '@app/games';
import { FIXTURE_GAME, buildMillionEventStore } from '../../bench/million-event.fixture';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from '../api/support/api-test-app';
import { describeInBrowser } from '../support/describe-in-browser';
import { launchChromium } from '../support/headless-chromium';
import { waitForSettledChain } from './support/settled-chain.wait';

/** A synthetic game with more recorded commands than the panel reads at a time (200). */
const EVENTS = 5_000;

/**
 * The replay page's receipts panel reads `GET /games/:id/receipts` a page at a time: the first 200 when opened,
 * the next 200 on "more receipts", and says that its file holds those read.
 */
describeInBrowser('replay page: the receipts panel in pages (e2e, SQLite, Chromium)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let browser: Browser;
  let page: Page;
  let all: Receipt[];
  const receiptRequests: string[] = [];

  beforeAll(async () => {
    const db = path.join(dir, 'receipts.db');
    await buildMillionEventStore(db, EVENTS);
    api = await startApi(db, { gcScheduler: false });
    all = (await api.organiser.get(`/games/${FIXTURE_GAME}/receipts`).expect(200)).body.receipts as Receipt[];
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/receipts')) receiptRequests.push(request.url());
    });
    await page.goto(`${api.url}/replay/${FIXTURE_GAME}#token=${encodeURIComponent(api.organiserToken)}`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    removeTempDir(dir);
  });

  const listed = () =>
    page
      .locator('[data-testid="receipts"] li[data-testid^="receipt-"]')
      .evaluateAll((items) => items.map((item) => item.querySelector('.command')?.textContent ?? ''));
  const saved = async () =>
    decodeURIComponent((await page.getByTestId('receipts-download').getAttribute('href'))?.split(',')[1] ?? '')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as Receipt).commandId);

  it('lists the first page when opened, the next on "more receipts", and saves those it read', async () => {
    expect(all.length).toBeGreaterThan(400);
    // As a person would, once the page has drawn its first view: the board of this game (256 minions) and the
    // selected event's chain take seconds on a busy machine, and the steps below, timed against that first draw,
    // ran out of time under load.
    const last = EVENTS - 1;
    await page.locator(`[data-testid="board"][data-revision="${last}"]:not([aria-busy])`).waitFor({ timeout: 60_000 });
    await waitForSettledChain(page, 60_000);
    expect(receiptRequests).toEqual([]);
    await page.getByTestId('receipts-panel').locator('summary').click();
    await page.locator('[data-testid="receipts"] li[data-testid^="receipt-"]').nth(199).waitFor();
    expect(await listed()).toEqual(all.slice(0, 200).map((receipt) => receipt.commandId));
    expect(await saved()).toEqual(all.slice(0, 200).map((receipt) => receipt.commandId));
    expect(await page.getByTestId('receipts-status').textContent()).toBe('the first 200 receipts; the file has those');
    await page.getByTestId('receipts-more').click();
    await page.locator('[data-testid="receipts"] li[data-testid^="receipt-"]').nth(399).waitFor();
    expect(await listed()).toEqual(all.slice(0, 400).map((receipt) => receipt.commandId));
    expect(await saved()).toEqual(all.slice(0, 400).map((receipt) => receipt.commandId));
    // Each read a page: never the whole list.
    expect(receiptRequests.map((url) => new URL(url).searchParams.get('limit'))).toEqual(['200', '200']);
    expect(new URL(receiptRequests[1]).searchParams.get('from')).toBe(String(all[199].revision + 1));
  });
});
