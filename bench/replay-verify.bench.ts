import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { createStores } from '@app/event-store';
import {
  CHAIN_SECRET_FIELD,
  type Fetched,
  type Receipt,
  checkpointAsWritten,
  chainEvents,
  drawChainSecret,
  gameStream,
  genesisHash,
  verifyViewerHoldings,
} from '@app/games';
import { type DomainEvent, execute } from '@app/rules';
import { BENCH_ORGANISER_TOKEN, type ApiServer, startApiServer } from './api-server.handle';
import type { BenchRow } from './bench-result.model';
import { check, figure, main, row } from './bench-result.model';
import { BIG_BOARD, recordSyntheticGame } from './synthetic-game';
import { distribution, nowMs } from './timing.kit';
import { CHROMIUM, HAS_CHROMIUM, launchChromium } from '../test/support/headless-chromium';

const RUNS = Number(process.env.BENCH_VERIFY_RUNS ?? 3);
const GAME = 'bench-verify';
/** The game: 10,000 events (the synthetic game stops at the end of the turn that reaches them). */
const EVENTS = 10_000;
const TIME_LIMIT_MS = 120_000;
/** As in the replay-page row: Chromium's own start-up work in a new window is not the page's. */
const WINDOW_SETTLE_MS = Number(process.env.BENCH_VERIFY_SETTLE_MS ?? 3000);

/**
 * A SQLite store holding one finished, published, chained big-board game of about EVENTS events (its chain keyed
 * with a secret, as every game the service records): what a spectator verifies.
 */
async function buildPublishedGame(file: string): Promise<number> {
  // Decks for the turns it plays (a deck for thousands of turns would be a set-up past the engine's size limit).
  const game = recordSyntheticGame({ ...BIG_BOARD, turns: 3000, deckSize: 250 }, 11, {
    gameId: GAME,
    minEvents: EVENTS,
  });
  const ending = execute(
    game.state,
    {
      type: 'AdjudicateResult',
      data: { winner: null, reason: 'the benchmark ends here' },
      metadata: { commandId: 'end' },
    },
    { inPlace: true },
  );
  const published = execute(ending.state, { type: 'PublishRecord', data: {}, metadata: { commandId: 'publish' } });
  const events: DomainEvent[] = [...game.events, ...ending.events, ...published.events];
  const secret = drawChainSecret();
  const [created] = events;
  if (created === undefined) throw new Error('the synthetic game recorded nothing');
  created.metadata = { ...created.metadata, [CHAIN_SECRET_FIELD]: secret } as DomainEvent['metadata'];
  const { events: chained } = chainEvents(genesisHash(GAME, secret), events);
  const stores = await createStores({ kind: 'sqlite', sqlitePath: file });
  try {
    for (let from = 0; from < chained.length; from += 5000) {
      const batch = chained.slice(from, from + 5000).map(({ type, data, metadata }) => ({
        type,
        data,
        metadata: { ...metadata } as Record<string, unknown>,
      }));
      await stores.eventStore.append(gameStream(GAME), batch, from === 0 ? 'no-stream' : from - 1);
    }
  } finally {
    await stores.close();
  }
  return chained.length;
}

/** A door's answer as text, or the service's reason for having none (as the page's API client reads it). */
async function text(server: ApiServer, door: string): Promise<Fetched & { status?: number }> {
  const response = await fetch(`${server.url}${door}`);
  const body = await response.text();
  if (response.ok) return { name: door, text: body };
  return { missing: body, status: response.status };
}

/**
 * The baseline: what the page's Verify does, in Node — the same requests (head, keys, every receipt, checkpoint,
 * tlog-proof, the record streamed) and the same library function on Node's own cryptography.
 */
async function verifyInNode(server: ApiServer, events: number): Promise<void> {
  const [head, keys, checkpoint] = await Promise.all([
    text(server, `/games/${GAME}/head`),
    text(server, '/.well-known/sanctum-keys'),
    text(server, '/log/checkpoint'),
  ]);
  const receipts: Receipt[] = [];
  for (let from: number | null = 0; from !== null;) {
    const page = (await (await fetch(`${server.url}/games/${GAME}/receipts?from=${from}&limit=5000`)).json()) as {
      receipts: Receipt[];
      next: number | null;
    };
    receipts.push(...page.receipts);
    from = page.next;
  }
  if ('missing' in head || 'missing' in keys || 'missing' in checkpoint) throw new Error('a door did not answer');
  const size = checkpointAsWritten(checkpoint.text)?.size;
  const inclusion = await text(server, `/log/tlog-proof?gameId=${GAME}&size=${size}`);
  const record = await fetch(`${server.url}/games/${GAME}/export`);
  if (record.body === null) throw new Error('no record');
  const chunks = record.body.pipeThrough(new TextDecoderStream());
  const verification = await verifyViewerHoldings({
    gameId: GAME,
    keys: { name: 'keys.json', text: keys.text },
    head: { name: 'head.json', text: head.text },
    receipts,
    kept: { receipts: [], head: null },
    log: { checkpoint, inclusion, kept: null },
    record: { chunks: chunks as unknown as AsyncIterable<string> },
  });
  const record_ = verification.checks.find((c) => c.id === 'record');
  if (record_?.outcome !== 'holds' || !record_.headline.includes(`0–${events - 1}`)) {
    throw new Error(`the Node verifier did not verify the game: ${record_?.headline ?? 'no record check'}`);
  }
}

/**
 * One run in the page: a fresh browser context (nothing kept from another look, the verifier module not cached)
 * opens the published game's replay page as a spectator; once its board is drawn the clock starts, Verify is
 * clicked, and the clock stops when the page shows its verdict, which must be that the record re-simulates.
 */
async function verifyInPage(browser: Browser, server: ApiServer, events: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(TIME_LIMIT_MS);
    await page.waitForTimeout(WINDOW_SETTLE_MS);
    await page.goto(`${server.url}/replay/${GAME}#token=`);
    await page.locator(`[data-testid="board"][data-revision="${events - 1}"]:not([aria-busy])`).waitFor();
    const start = nowMs();
    await page.getByTestId('verify').click();
    await page.locator('[data-testid="verify-panel"][data-state]:not([data-state="verifying"])').waitFor();
    const ms = nowMs() - start;
    const verdict = await page.getByTestId('verify-headline-record').textContent();
    if (!verdict?.startsWith(`The whole record re-simulates: every event of revisions 0–${events - 1}`)) {
      throw new Error(`the page did not verify the game: ${await page.getByTestId('verify-status').textContent()}`);
    }
    return ms;
  } finally {
    await context.close();
  }
}

/**
 * Issue #28, 2: a spectator's Verify of a published 10,000-event game in the replay page (Chromium): the receipts,
 * the head, the log and the whole record re-simulated by the rules engine in the page, from the click to the verdict;
 * against the same checks in Node on the same game in the same run (the same requests, the same library on Node's
 * crypto), runs interleaved.
 */
export async function replayVerifyBench(): Promise<BenchRow[]> {
  if (!HAS_CHROMIUM) throw new Error(`${CHROMIUM} is needed for the in-page verification benchmark`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-verify-bench-'));
  let browser: Browser | undefined;
  let server: ApiServer | undefined;
  const page: number[] = [];
  const node: number[] = [];
  let events = 0;
  let serverPeakRssMb = 0;
  try {
    const file = path.join(dir, 'verify.db');
    events = await buildPublishedGame(file);
    server = await startApiServer({ kind: 'sqlite', sqlitePath: file }, 'off');
    const logged = await fetch(`${server.url}/log/heads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${BENCH_ORGANISER_TOKEN}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    if (!logged.ok) throw new Error(`POST /log/heads: ${logged.status}`);
    // The module is built from the sources at its first request (a service started from the sources): not timed.
    if (!(await fetch(`${server.url}/replay/assets/sanctum-verifier.js`)).ok) throw new Error('no verifier module');
    browser = await launchChromium();
    await verifyInNode(server, events);
    for (let run = 0; run < RUNS; run += 1) {
      const inNode = async () => {
        const start = nowMs();
        await verifyInNode(server as ApiServer, events);
        node.push(nowMs() - start);
      };
      const inPage = async () => page.push(await verifyInPage(browser as Browser, server as ApiServer, events));
      if (run % 2 === 0) {
        await inPage();
        await inNode();
      } else {
        await inNode();
        await inPage();
      }
    }
  } finally {
    await browser?.close();
    if (server !== undefined) serverPeakRssMb = (await server.stop()).peakRssMb;
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const inPage = distribution(page);
  const ratios = distribution(page.map((ms, i) => ms / (node[i] ?? ms)));
  return [
    row({
      id: 'replay-verify',
      what: `Verify in the replay page: a published ${events.toLocaleString('en')}-event game re-simulated in the browser`,
      workload:
        `Chromium, a spectator (new browser context per run, the window settled ${WINDOW_SETTLE_MS} ms) clicks Verify ` +
        'on the replay page of a finished, published big-board game: receipts, head, log and the whole record ' +
        `(GET /games/:id/export) re-simulated with the bundled verifier; ${RUNS} runs interleaved with the baseline`,
      measured: figure('click → verdict in the page', 'ms', inPage),
      baseline: figure(
        'the same requests and checks in Node (verifyViewerHoldings, Node crypto)',
        'ms',
        distribution(node),
      ),
      ratio: { label: 'page ÷ Node (median of paired runs)', value: ratios.median },
      target: '< 10 s',
      checks: [check('click → verdict (p99: the slowest run)', inPage.p99, 'max', 10_000, 'ms')],
      serverPeakRssMb,
      details: { events, runs: page.map(Math.round), baselineRuns: node.map(Math.round) },
    }),
  ];
}

if (require.main === module) main(replayVerifyBench);
