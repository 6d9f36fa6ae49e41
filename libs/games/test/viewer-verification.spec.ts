import {
  checkpointAsWritten,
  type Fetched,
  type Receipt,
  type SignedGameHead,
  type ViewerHoldings,
  chainEvent,
  genesisHash,
  chainSecretOf,
  verifyViewerHoldings,
} from '@app/verifier';
import { GameReceipts } from '../src/receipts/game-receipts.service';
import { ReceiptKeyRing } from '../src/receipts/receipt-key-ring';
import { generateSigningKeyPem, parseSigningKey } from '../src/receipts/signing-key';
import { signStatement } from '../src/receipts/statement-signing';
import { gameEvents } from '../src/loading/game-events.reader';
import type { GameEventLine } from '../src/recording/game-event-line';
import { LogPointNotFoundError } from '../src/tournament-log/log-point-not-found.error';
import { TournamentLog } from '../src/tournament-log/tournament-log.service';
import { playerViewer, SPECTATOR, type Viewer } from '../src/viewers/viewer';
import { GamesHarness, exampleScenario, playScenario } from './games-testing';

const GAME = 'verified';

/** A service of its own (a store, a log) signing with the key ring given. */
async function service(keys: ReceiptKeyRing): Promise<GamesHarness> {
  return GamesHarness.start({ store: { kind: 'memory' }, receiptKeys: keys });
}

/** An answer of the log as a page gets it: the text, or the service's reason for having none. */
async function fetched(name: string, read: () => Promise<string>): Promise<Fetched> {
  try {
    return { name, text: await read() };
  } catch (error) {
    if (error instanceof LogPointNotFoundError) return { missing: error.message };
    throw error;
  }
}

/** What a viewer of the game holds, fetched from the service as the replay page fetches it. */
async function holdingsOf(
  harness: GamesHarness,
  viewer: Viewer,
  kept: { receipts?: readonly Receipt[]; head?: SignedGameHead | null; checkpoint?: string | null } = {},
  record?: GameEventLine[],
): Promise<ViewerHoldings> {
  const receipts = harness.app.get(GameReceipts);
  const log = harness.app.get(TournamentLog);
  const vkeys = log.verifierKeys();
  const keys = { keys: receipts.publishedKeys().keys.map((key) => ({ ...key, vkey: vkeys.get(key.keyId) })) };
  const checkpoint = await log.checkpoint();
  const size = checkpointAsWritten(checkpoint)!.size;
  const keptCheckpoint = kept.checkpoint ?? null;
  return {
    gameId: GAME,
    keys: { name: 'keys.json', text: JSON.stringify(keys) },
    head: { name: 'head.json', text: JSON.stringify(await receipts.head(GAME, viewer)) },
    receipts: await receipts.list(GAME, viewer),
    kept: { receipts: kept.receipts ?? [], head: kept.head ?? null },
    log: {
      checkpoint: { name: 'checkpoint', text: checkpoint },
      inclusion: await fetched('tlog-proof', () => log.tlogProof(GAME, undefined, size)),
      kept:
        keptCheckpoint === null
          ? null
          : {
              checkpoint: { name: 'kept', text: keptCheckpoint },
              consistency: await fetched('consistency', () =>
                log.tlogConsistency(checkpointAsWritten(keptCheckpoint)!.size, size),
              ),
            },
    },
    ...(record === undefined ? {} : { record: { chunks: [record.map((e) => `${JSON.stringify(e)}\n`).join('')] } }),
  };
}

const outcomes = (checks: { id: string; outcome: string }[]) =>
  Object.fromEntries(checks.map(({ id, outcome }) => [id, outcome]));
const headline = (checks: { id: string; headline: string }[], id: string) =>
  checks.find((check) => check.id === id)?.headline;

async function recordOf(harness: GamesHarness): Promise<GameEventLine[]> {
  const events: GameEventLine[] = [];
  for await (const event of gameEvents(harness.store, GAME)) events.push(event);
  return events;
}

/** The record with one event's data edited and every link computed again from there, as a forger with the secret. */
function rechainedWith(events: readonly GameEventLine[], revision: number, edit: (data: unknown) => unknown) {
  const forged = events.map((event) => ({ ...event, metadata: { ...event.metadata } }));
  forged[revision] = { ...forged[revision]!, data: edit(forged[revision]!.data) };
  let previous =
    revision === 0
      ? genesisHash(GAME, chainSecretOf(forged[0]!.metadata) ?? undefined)
      : String(forged[revision - 1]!.metadata.hash);
  for (const event of forged.slice(revision)) {
    const { prevHash: _p, hash: _h, ...metadata } = event.metadata;
    const linked = chainEvent(previous, { type: event.type, data: event.data, metadata });
    forged[event.revision] = { ...event, metadata: linked.metadata };
    previous = linked.metadata.hash;
  }
  return forged;
}

/**
 * Issue #28, 2: what the replay page's Verify checks, with the texts the service hands a viewer — the same library
 * functions as `sanctum verify-receipt`, `verify` and `verify-proof`, and the check that what a viewer holds (the
 * receipts served now, those it kept, the heads now, kept and logged) tells one story.
 */
describe('verifyViewerHoldings: what a viewer holds, checked as the replay page checks it', () => {
  const keys = new ReceiptKeyRing(parseSigningKey(generateSigningKeyPem(), 'test'));
  let harness: GamesHarness;
  let firstLook: Awaited<ReturnType<typeof verifyViewerHoldings>>;
  const red = playerViewer('red');

  beforeAll(async () => {
    harness = await service(keys);
    await playScenario(harness, exampleScenario(), GAME);
    await harness.app.get(TournamentLog).record([GAME]);
    firstLook = await verifyViewerHoldings(await holdingsOf(harness, red));
  });

  afterAll(() => harness?.close());

  it('a first look: the receipts and the head signed, agreeing, the head in the log, the checkpoint kept', () => {
    expect(outcomes(firstLook.checks)).toEqual({
      receipts: 'holds',
      heads: 'holds',
      agreement: 'holds',
      inclusion: 'holds',
      log: 'noted',
    });
    expect(headline(firstLook.checks, 'log')).toMatch(
      /^First look: this browser now keeps the log's checkpoint \(size 1\)/,
    );
    expect(headline(firstLook.checks, 'inclusion')).toMatch(
      /^The game's head at revision \d+ is in the tournament log of size 1$/,
    );
    expect(firstLook.checks.find((check) => check.id === 'inclusion')?.command).toBe(
      `sanctum verify-proof ${GAME}.tlog-proof --key keys.json --tree-head log-1.checkpoint`,
    );
    expect(firstLook.keep.checkpoint).toMatch(/^localhost\/sanctum-log\n1\n/);
    expect(firstLook.keep.receipts?.length).toBeGreaterThan(2);
    expect(firstLook.files.map((file) => file.name)).toEqual([
      'keys.json',
      `${GAME}-receipts.jsonl`,
      `${GAME}-heads.jsonl`,
      'log-1.checkpoint',
      `${GAME}.tlog-proof`,
    ]);
  });

  it('the next look, the log grown: not rewritten since the last look; a receipt kept that still holds agrees', async () => {
    await harness.commands.handle(GAME, 'Resign', { player: 'blue' }, { commandId: 'blue-resigns' });
    await harness.app.get(TournamentLog).record([GAME]);
    const next = await verifyViewerHoldings(
      await holdingsOf(harness, red, {
        receipts: firstLook.keep.receipts ?? [],
        head: firstLook.keep.head,
        checkpoint: firstLook.keep.checkpoint,
      }),
    );
    expect(outcomes(next.checks)).toEqual({
      receipts: 'holds',
      heads: 'holds',
      agreement: 'holds',
      inclusion: 'holds',
      log: 'holds',
    });
    expect(headline(next.checks, 'log')).toBe(
      'The log has not been rewritten since you last looked (size 1 then, 2 now)',
    );
    expect(next.checks.find((check) => check.id === 'log')?.command).toBe(
      'sanctum verify-proof log-1-to-2.txt --key keys.json --tree-head kept-log-1.checkpoint',
    );
    expect(next.keep.checkpoint).toMatch(/^localhost\/sanctum-log\n2\n/);
  });

  it('a receipt kept from the last look that the game now contradicts: rewritten at or before its revision', async () => {
    const [, second] = await harness.app.get(GameReceipts).list(GAME, red);
    const forged = signStatement(keys, { ...second!, hash: 'f'.repeat(64) } as never) as unknown as Receipt;
    const look = await verifyViewerHoldings(await holdingsOf(harness, red, { receipts: [forged] }));
    expect(outcomes(look.checks).agreement).toBe('does not hold');
    expect(headline(look.checks, 'agreement')).toContain(
      `the game was rewritten at or before revision ${second!.revision}`,
    );
    expect(look.keep.receipts).toBeNull();
  });

  it('a log rewritten since the last look: the kept checkpoint is not extended by the log now', async () => {
    // Another log signed with the same key and origin: what the service would show after rewriting its own.
    const other = await service(keys);
    try {
      await playScenario(other, exampleScenario(), 'someone-else');
      await other.app.get(TournamentLog).record();
      const elsewhere = await other.app.get(TournamentLog).checkpoint();
      const look = await verifyViewerHoldings(await holdingsOf(harness, red, { checkpoint: elsewhere }));
      expect(outcomes(look.checks).log).toBe('does not hold');
      expect(headline(look.checks, 'log')).toMatch(/^The log was rewritten since you last looked: /);
      expect(look.keep.checkpoint).toBeNull();
      expect(headline(look.checks, 'log')).toContain(
        'does not show the log of size 2 extending the kept log of size 1',
      );
      // A kept log larger than the log now: the service cannot even prove from it.
      await other.commands.handle('someone-else', 'Resign', { player: 'red' }, { commandId: 'r' });
      await other.app.get(TournamentLog).record();
      await playScenario(other, exampleScenario(), 'a-third');
      await other.app.get(TournamentLog).record();
      const larger = await other.app.get(TournamentLog).checkpoint();
      const shrunk = await verifyViewerHoldings(await holdingsOf(harness, red, { checkpoint: larger }));
      expect(outcomes(shrunk.checks).log).toBe('does not hold');
      expect(headline(shrunk.checks, 'log')).toMatch(/^The log was rewritten since you last looked: it had 3 heads/);
    } finally {
      await other.close();
    }
  });

  it('a game not logged yet: the inclusion is noted, not failed', async () => {
    const fresh = await service(keys);
    try {
      await playScenario(fresh, exampleScenario(), GAME);
      const look = await verifyViewerHoldings(await holdingsOf(fresh, SPECTATOR));
      expect(outcomes(look.checks)).toMatchObject({ inclusion: 'noted', heads: 'holds', agreement: 'holds' });
    } finally {
      await fresh.close();
    }
  });

  describe('with the whole record (published, or the organiser’s)', () => {
    it('re-simulated, holding every receipt and head: the same verdict as `sanctum verify --receipts`', async () => {
      const record = await recordOf(harness);
      const look = await verifyViewerHoldings(await holdingsOf(harness, SPECTATOR, {}, record));
      expect(outcomes(look.checks).record).toBe('holds');
      const check = look.checks.find(({ id }) => id === 'record');
      expect(check?.command).toBe(`sanctum verify ${GAME}.jsonl --receipts ${GAME}-receipts.jsonl --key keys.json`);
      expect(check?.lines.at(-1)).toBe(
        'verdict: VERIFIED: every event is as recorded, and the engine derives exactly these events, and the game holds every receipt',
      );
      expect(check?.lines).toContainEqual(expect.stringMatching(/^heads: +2, signatures checked against keys.json$/));
    });

    it('a record edited and chained again: the first diverging revision, in words', async () => {
      const record = await recordOf(harness);
      const damage = record.findIndex((event) => event.type === 'DamageApplied');
      const forged = rechainedWith(record, damage, (data) => ({ ...(data as object), amount: 1 }));
      const look = await verifyViewerHoldings(await holdingsOf(harness, SPECTATOR, {}, forged));
      expect(outcomes(look.checks).record).toBe('does not hold');
      expect(headline(look.checks, 'record')).toBe(
        `The record does not hold from revision ${damage}: event differs: the engine derives this DamageApplied with other content`,
      );
    });

    it('a record cut short: the head the viewer holds is not in it', async () => {
      const record = await recordOf(harness);
      const look = await verifyViewerHoldings(await holdingsOf(harness, SPECTATOR, {}, record.slice(0, -2)));
      expect(outcomes(look.checks).record).toBe('does not hold');
      expect(headline(look.checks, 'record')).toMatch(
        /^The record does not hold what you hold: the (receipt|game head) at .* is missing \(events were removed\)$/,
      );
    });
  });
});
