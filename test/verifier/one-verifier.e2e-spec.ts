/**
 * One verifier, three places: the library, `sanctum verify` and the offline verifier page give the same verdict on
 * every class of forgery, caught by the audit or by the receipts, and on the intact game with and without receipts.
 *
 * Why it is slow: every forgery is checked in all three, the command line as processes of its own and the page in
 * Chromium.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  type FileToVerify,
  type FilesCheck,
  type FilesToVerify,
  GameReceipts,
  type GameEventLine,
  ORGANISER,
  type Receipt,
  ReceiptKeyRing,
  TournamentLog,
  type VerifierCrypto,
  gameEventPages,
  generateSigningKeyPem,
  parseSigningKey,
  platformCrypto,
  portableCrypto,
  verifyFiles,
} from '@app/games';
import { buildVerifyPage } from '../../apps/api/src/verify/verify-page.build';
import { GamesHarness, playScenario } from '../../libs/games/test/games-testing';
import { makeTempDir, removeTempDir } from '../api/support/api-test-app';
import { runSanctum } from '../support/run-cli';
import { tamperedScenario } from '../support/tampering/recorded-game';
import { type Tampering, tamper } from '../support/tampering/game-tampering';
import { storedJson } from '../support/tampering/unwritable-json';
import { describeInBrowser } from '../support/describe-in-browser';
import { launchChromium } from '../support/headless-chromium';

const GAME = 'bb1';
const OTHER_GAME = 'bb2';
const ORIGIN = 'cup.example/sanctum-log';

/**
 * One forgery of every class of the tamper tests (test/support/tampering/game-tampering.ts), half of them chained
 * again by the forger: each must be found by the audit or caught by the receipts, the same way in all three places.
 */
const FORGERIES: Tampering[] = [
  { kind: 'value', at: 15, part: 'data', path: 1, value: 7, rechained: false },
  { kind: 'type-renamed', at: 20, type: 3, rechained: true },
  { kind: 'field-removed', at: 30, part: 'metadata', path: 2, rechained: false },
  { kind: 'field-added', at: 12, part: 'data', path: 0, name: 'bonus', value: 1, rechained: true },
  { kind: 'event-removed', at: 40, rechained: false },
  { kind: 'event-duplicated', at: 10, over: 11, rechained: true },
  { kind: 'events-swapped', at: 25, with: 26, rechained: false },
  { kind: 'event-moved', at: 50, to: 45, rechained: true },
  { kind: 'truncated', at: 60 },
  { kind: 'absurd-number', at: 18, part: 'data', path: 1, negative: false, rechained: false },
  { kind: 'deep-nesting', at: 22, part: 'data', path: 0, depth: 5_000, rechained: true },
  { kind: 'setup-edited', path: 40, value: 3, rechained: true },
];

/** One way to hand the verifier the files of a case, by name, as the page's inputs and the command line take them. */
interface Case {
  name: string;
  files: { export?: string; receipts?: string; keys?: string; proofs?: string[]; treeHead?: string };
}

/** What a check said, in a form the three places can be compared on. */
type Verdict = Pick<FilesCheck, 'command' | 'outcome' | 'lines'>;

/**
 * Issue #28, §3 and §4: the checks exist once (libs/verifier), and the command line, the library in Node and the
 * offline page in Chromium — opened from `file://` with the network off — give the same verdicts, word for word, on
 * the same files: an intact game with its receipts, one byte changed in its export, a receipt of another game, a
 * forgery of every class of the tamper tests, and the log's proofs (a tlog-proof, a forged one, a consistency proof).
 */
describeInBrowser('one verifier, three places: sanctum, the library, the offline page (e2e, Chromium)', () => {
  const dir = makeTempDir();
  const at = (name: string) => path.join(dir, name);
  const cases: Case[] = [];
  let events: GameEventLine[];
  /** The revision whose line has one byte changed in one-byte.jsonl. */
  let changedRevision: number;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const requests: string[] = [];
  const pageErrors: string[] = [];
  /** Each case's verdicts, once the three places agreed on them. */
  const verdicts = new Map<string, Verdict[]>();

  const writeLines = (name: string, values: readonly unknown[]) =>
    fs.writeFileSync(at(name), `${values.map((value) => storedJson(value)).join('\n')}\n`);

  beforeAll(async () => {
    // The game and another one, recorded by one service (one key), both logged: bb2 in round 1, bb1 in round 2.
    const keys = new ReceiptKeyRing(parseSigningKey(generateSigningKeyPem(), 'the test key'));
    const harness = await GamesHarness.start({
      store: { kind: 'memory' },
      receiptKeys: keys,
      tournamentLogOrigin: ORIGIN,
    });
    let receipts: Receipt[];
    let otherReceipts: Receipt[];
    const log = harness.app.get(TournamentLog);
    try {
      const scenario = tamperedScenario();
      await playScenario(harness, { ...scenario, turns: [] }, OTHER_GAME);
      await log.record([OTHER_GAME]);
      fs.writeFileSync(at('round-1.checkpoint'), await log.checkpoint());
      await playScenario(harness, scenario, GAME);
      await log.record([GAME]);
      events = [];
      for await (const page of gameEventPages(harness.store, GAME)) events.push(...page);
      receipts = await harness.app.get(GameReceipts).list(GAME, ORGANISER);
      otherReceipts = await harness.app.get(GameReceipts).list(OTHER_GAME, ORGANISER);
      fs.writeFileSync(at(`${GAME}.tlog-proof`), await log.tlogProof(GAME));
      fs.writeFileSync(at('since-round-1.txt'), await log.tlogConsistency(1));
      const vkeys = log.verifierKeys();
      const published = keys.published().map((key) => ({ ...key, vkey: vkeys.get(key.keyId) }));
      fs.writeFileSync(at('keys.json'), JSON.stringify({ keys: published }));
    } finally {
      await harness.close();
    }

    writeLines('game.jsonl', events);
    writeLines('receipts.jsonl', receipts);
    // A receipt of the other game among the player's: it is refused, naming both games.
    writeLines('with-other-game.jsonl', [...receipts.slice(0, 2), otherReceipts[0], ...receipts.slice(2)]);
    // One byte of the export changed: a digit of the first damage's hpAfter.
    const lines = fs.readFileSync(at('game.jsonl'), 'utf8').split('\n');
    changedRevision = lines.findIndex((text) => /"hpAfter":\d/.test(text));
    expect(changedRevision).toBeGreaterThan(0);
    const line = lines[changedRevision] as string;
    const digit = line.search(/"hpAfter":\d/) + '"hpAfter":'.length;
    lines[changedRevision] = `${line.slice(0, digit)}${line[digit] === '1' ? '2' : '1'}${line.slice(digit + 1)}`;
    fs.writeFileSync(at('one-byte.jsonl'), lines.join('\n'));
    // A forged bundle: one node of its audit path changed.
    const proof = fs.readFileSync(at(`${GAME}.tlog-proof`), 'utf8').split('\n');
    const node = proof.findIndex((text, i) => i > 2 && /^[A-Za-z0-9+/]{43}=$/.test(text));
    proof[node] = `${proof[node]?.[0] === 'A' ? 'B' : 'A'}${proof[node]?.slice(1)}`;
    fs.writeFileSync(at('forged.tlog-proof'), proof.join('\n'));

    const withReceipts = (exported: string, held = 'receipts.jsonl'): Case['files'] => ({
      export: exported,
      receipts: held,
      keys: 'keys.json',
    });
    cases.push(
      { name: 'the intact game, with its receipts', files: withReceipts('game.jsonl') },
      { name: 'the intact game alone', files: { export: 'game.jsonl' } },
      { name: 'one byte changed in the export', files: withReceipts('one-byte.jsonl') },
      { name: 'a receipt of another game', files: withReceipts('game.jsonl', 'with-other-game.jsonl') },
      { name: 'the receipts’ signatures alone', files: { receipts: 'receipts.jsonl', keys: 'keys.json' } },
      { name: 'the game’s tlog-proof', files: { proofs: [`${GAME}.tlog-proof`], keys: 'keys.json' } },
      {
        name: 'a forged tlog-proof, and the log since round 1',
        files: {
          proofs: ['forged.tlog-proof', 'since-round-1.txt'],
          keys: 'keys.json',
          treeHead: 'round-1.checkpoint',
        },
      },
    );
    for (const [i, tampering] of FORGERIES.entries()) {
      const forged = tamper(events, tampering);
      expect({ tampering, forged: forged !== null }).toEqual({ tampering, forged: true });
      const name = `forged-${i + 1}-${tampering.kind}.jsonl`;
      fs.writeFileSync(at(name), `${forged!.events.map((event) => storedJson(event)).join('\n')}\n`);
      cases.push({ name: `forgery: ${tampering.kind}`, files: withReceipts(name) });
    }

    fs.writeFileSync(at('sanctum-verify.html'), (await buildVerifyPage()).html);
    browser = await launchChromium();
    context = await browser.newContext({ offline: true });
    // The network is off; anything the page asked for besides its own file would be recorded here, and refused.
    await context.route('**/*', (route) => {
      requests.push(route.request().url());
      return route.request().url().startsWith('file://') ? route.continue() : route.abort();
    });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.setDefaultTimeout(30_000);
    await page.goto(`file://${at('sanctum-verify.html')}`);
    await page
      .waitForFunction(
        () =>
          (globalThis as unknown as { document: { body: { dataset: Record<string, string | undefined> } } }).document
            .body.dataset.state !== undefined,
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    expect(pageErrors).toEqual([]);
    await page.locator('body[data-state="ready"]').waitFor();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    removeTempDir(dir);
  });

  const nodeFile = (name: string): FileToVerify => ({
    name,
    text: () => fs.promises.readFile(at(name), 'utf8'),
    chunks: () => fs.createReadStream(at(name), { encoding: 'utf8' }) as AsyncIterable<string>,
  });

  function filesOf({ files }: Case): FilesToVerify {
    const one = (name?: string) => (name === undefined ? undefined : nodeFile(name));
    return {
      export: one(files.export),
      receipts: one(files.receipts),
      keys: one(files.keys),
      proofs: (files.proofs ?? []).map(nodeFile),
      treeHead: one(files.treeHead),
    };
  }

  const library = async (given: Case, crypto: VerifierCrypto): Promise<Verdict[]> =>
    (await verifyFiles(filesOf(given), undefined, crypto)).map(({ command, outcome, lines }) => ({
      command,
      outcome,
      lines,
    }));

  /** The command line each check names, run as a judge types it, in the folder of the files. */
  async function commandLine(check: Verdict): Promise<Verdict> {
    const args = check.command.split(' ').slice(1);
    const run = await runSanctum(args, { env: { INIT_CWD: dir } });
    const outcome = run.exitCode === 0 ? 'holds' : run.exitCode === 3 ? 'does not hold' : 'unusable';
    const text = run.exitCode === 2 ? run.stderr : run.stdout;
    return { command: check.command, outcome, lines: text.replace(/\n$/, '').split('\n') };
  }

  /** The offline page: the files picked, Verify pressed, its checks read back. */
  async function inThePage(given: Case): Promise<Verdict[]> {
    const input = (testid: string, names: string[] = []) =>
      page.getByTestId(testid).setInputFiles(names.map((name) => at(name)));
    const { files } = given;
    await input('export-file', files.export ? [files.export] : []);
    await input('receipts-file', files.receipts ? [files.receipts] : []);
    await input('keys-file', files.keys ? [files.keys] : []);
    await input('proof-files', files.proofs ?? []);
    await input('tree-head-file', files.treeHead ? [files.treeHead] : []);
    await page.getByTestId('verify').click();
    await page.locator('body[data-state="verified"]').waitFor();
    const checks = await page.getByTestId('check').evaluateAll((sections) =>
      sections.map((section) => ({
        command: (section.querySelector('[data-testid="command"]')?.textContent ?? '').replace(/^the same as: /, ''),
        outcome: section.getAttribute('data-outcome') ?? '',
        lines: (section.querySelector('[data-testid="lines"]')?.textContent ?? '').split('\n'),
      })),
    );
    await page.locator('body').evaluate((body) => body.setAttribute('data-state', 'ready'));
    return checks as Verdict[];
  }

  it('every case: the same checks and the same verdicts, word for word, in the three places', async () => {
    for (const given of cases) {
      const node = await library(given, platformCrypto);
      expect({ case: given.name, checks: node.length > 0 }).toEqual({ case: given.name, checks: true });
      // The primitives a page runs (@noble's), in Node: the same verdicts as Node's own.
      expect({ case: given.name, verdicts: await library(given, portableCrypto) }).toEqual({
        case: given.name,
        verdicts: node,
      });
      expect({ case: given.name, verdicts: await inThePage(given) }).toEqual({ case: given.name, verdicts: node });
      verdicts.set(given.name, node);
    }
    // The command lines, a few at a time (runSanctum bounds them): each check as a judge types it.
    const ran = await Promise.all(
      cases.map(async (given) => ({
        case: given.name,
        verdicts: await Promise.all(verdicts.get(given.name)!.map(commandLine)),
      })),
    );
    expect(ran).toEqual(cases.map((given) => ({ case: given.name, verdicts: verdicts.get(given.name) })));
    expect(pageErrors).toEqual([]);
    // Nothing but the page's own file was asked for.
    expect(requests).toEqual([`file://${at('sanctum-verify.html')}`]);
  }, 600_000);

  const only = (name: string): Verdict => {
    const found = verdicts.get(name);
    expect(found).toHaveLength(1);
    return found![0]!;
  };

  it('an intact game verifies, and holds every receipt', () => {
    const intact = only('the intact game, with its receipts');
    expect(intact.command).toBe('sanctum verify game.jsonl --receipts receipts.jsonl --key keys.json');
    expect(intact.outcome).toBe('holds');
    expect(intact.lines.at(-1)).toMatch(/^verdict: VERIFIED: .*, and the game holds every receipt$/);
    expect(only('the intact game alone')).toMatchObject({ outcome: 'holds' });
    expect(only('the receipts’ signatures alone')).toMatchObject({ outcome: 'holds' });
  });

  it('one byte changed in the export: the verdict names its revision', () => {
    const changed = only('one byte changed in the export');
    expect(changed.outcome).toBe('does not hold');
    expect(changed.lines).toContain(
      `hash chain:    BROKEN at revision ${changedRevision}: ` +
        changed.lines
          .find((line) => line.startsWith(`hash chain:    BROKEN at revision ${changedRevision}: hash mismatch`))
          ?.slice(`hash chain:    BROKEN at revision ${changedRevision}: `.length),
    );
    expect(changed.lines.join('\n')).toMatch(new RegExp(`verdict: NOT VERIFIED: .*revision ${changedRevision}\\b`));
  });

  it('a receipt of another game is refused, naming both games', () => {
    const other = only('a receipt of another game');
    expect(other.outcome).toBe('does not hold');
    expect(other.lines.join('\n')).toContain(`it is a receipt of game ${OTHER_GAME}, not of ${GAME}`);
  });

  it('every forgery class is found by the audit or caught by a receipt', () => {
    for (const tampering of FORGERIES) {
      const forged = only(`forgery: ${tampering.kind}`);
      expect({ kind: tampering.kind, outcome: forged.outcome }).toEqual({
        kind: tampering.kind,
        outcome: 'does not hold',
      });
    }
  });

  it('the log’s proofs: the bundle holds, a forged one does not, the log since round 1 extends it', () => {
    expect(only('the game’s tlog-proof')).toMatchObject({
      outcome: 'holds',
      lines: [
        expect.stringMatching(
          new RegExp(
            `^verdict: VALID: the head of game ${GAME} at revision \\d+ is leaf 1 of the log ${ORIGIN} of size 2$`,
          ),
        ),
      ],
    });
    const [forged, since] = verdicts.get('a forged tlog-proof, and the log since round 1') ?? [];
    expect(forged?.outcome).toBe('does not hold');
    expect(since).toMatchObject({
      outcome: 'holds',
      lines: [`verdict: VALID: the log ${ORIGIN} of size 2 extends the log of size 1`],
    });
  });
});
