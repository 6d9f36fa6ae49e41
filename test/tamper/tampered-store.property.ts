import { createHash } from 'node:crypto';
import type { EventDataMap } from '@app/rules';
import { isDeepStrictEqual } from 'node:util';
import * as fc from 'fast-check';
import {
  DamagedEventError,
  type EventStore,
  type EventStoreOptions,
  type SnapshotStore,
  createStores,
} from '@app/event-store';
import {
  GAME_STATE,
  ReceiptsCheck,
  GameNotFoundError,
  auditEvents,
  auditStoredGame,
  foldGameEvents,
  gameEventPages,
  gameStream,
} from '@app/games';
import { decodeSnapshotBody } from '../../libs/games/src/loading/snapshot-body.codec';
import { type SetupDecks, setupDecksOf } from '../../libs/games/src/loading/setup-decks.cache';
import { type RecordedGame, recordGame } from '../support/tampering/recorded-game';
import { type Tampering, tamper, tampering } from '../support/tampering/game-tampering';
import type { StoreForger, StoredSnapshotRow } from '../support/tampering/store-forger';
import { expectFound, handed } from './tamper-expectations';

/** A snapshot body forged: one value of its state changed, its digest computed again or left as it was. */
interface SnapshotTampering {
  which: number;
  path: number;
  value: unknown;
  digestRecomputed: boolean;
}

const snapshotTampering: fc.Arbitrary<SnapshotTampering> = fc.record({
  which: fc.nat(),
  path: fc.nat(),
  value: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.constant([]), fc.boolean()),
  digestRecomputed: fc.boolean(),
});

function leafPaths(
  value: unknown,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  if (typeof value !== 'object' || value === null) {
    out.push(prefix);
    return out;
  }
  for (const [key, item] of Object.entries(value))
    leafPaths(item, [...prefix, Array.isArray(value) ? Number(key) : key], out);
  return out;
}

/** The body with one state value changed, behind its digest made anew or the old one. */
function forgedBody(body: string, { path, value, digestRecomputed }: SnapshotTampering): string | null {
  const newline = body.indexOf('\n');
  const parsed = JSON.parse(body.slice(newline + 1)) as { state: Record<string, unknown> };
  const paths = leafPaths(parsed.state);
  const chosen = paths[path % paths.length];
  if (chosen === undefined || chosen.length === 0) return null;
  let parent: Record<string | number, unknown> = parsed.state;
  for (const key of chosen.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[chosen[chosen.length - 1]!] = value;
  const json = JSON.stringify(parsed);
  if (json === body.slice(newline + 1)) return null;
  const digest = digestRecomputed
    ? `sha256:${createHash('sha256').update(json).digest('hex')}`
    : body.slice(0, newline);
  return `${digest}\n${json}`;
}

/**
 * Whether two bodies decode to the same state and hash. A deck stored as its length 0 and the same deck written out
 * as `[]` are one state: such a body behind a new digest is another spelling of the truth, not a forgery.
 */
async function decodesAlike(forged: string, original: string, setupDecks: SetupDecks): Promise<boolean> {
  const [a, b] = await Promise.all([forged, original].map((body) => decodeSnapshotBody(body, async () => setupDecks)));
  return a !== null && isDeepStrictEqual(a, b);
}

/** Every read of a stored game either answers or names a damaged event: nothing else may escape. */
async function expectReadsAnswerOrNameTheDamage(store: EventStore, gameId: string, last: number): Promise<void> {
  const outcomes = [
    (async () => {
      for await (const page of gameEventPages(store, gameId)) void page;
    })(),
    foldGameEvents(store, gameId, GAME_STATE, { maxCount: last + 1 }),
  ];
  // Each read's refusal taken as soon as it comes: one that fails while the other still reads is not left unhandled.
  await Promise.all(
    outcomes.map((outcome) => outcome.catch((error: unknown) => expect(error).toBeInstanceOf(DamagedEventError))),
  );
}

/** A forger's own check, for its spec: revision 1 forged and read back through the store, then restored and read. */
export interface ForgerRoundTrip {
  forged: unknown;
  restored: unknown;
  original: unknown;
}

/**
 * Issue #23, on a store: the forgeries of tampering.ts written into the store's own tables behind the service's back
 * (and snapshot bodies changed, with and without their digest), then the game audited where it is stored, as
 * `GET /games/:id/audit` and `sanctum verify GAME --receipts` audit it.
 */
export function tamperedStoreProperties(
  name: string,
  setUp: () => Promise<{ store: EventStoreOptions; forger: () => Promise<StoreForger>; tearDown: () => Promise<void> }>,
  runs: number,
): { forgerRoundTrip: () => Promise<ForgerRoundTrip> } {
  let game: RecordedGame;
  let setupDecks: SetupDecks;
  let store: EventStore;
  let snapshots: SnapshotStore;
  let forger: StoreForger;
  let positions: number[];
  let originalSnapshots: StoredSnapshotRow[];
  let tearDown: () => Promise<void>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const given = await setUp();
    tearDown = given.tearDown;
    game = await recordGame(given.store, 'bb1');
    setupDecks = setupDecksOf(game.events[0]!.data as EventDataMap['GameCreated']);
    const stores = await createStores(given.store);
    [store, snapshots, close] = [stores.eventStore, stores.snapshotStore, stores.close];
    forger = await given.forger();
    positions = [];
    for await (const page of store.readStreamPages(gameStream(game.gameId)))
      positions.push(...page.map((e) => e.position));
    originalSnapshots = await forger.snapshots(game.gameId);
  });

  afterAll(async () => {
    await forger?.close();
    await close?.();
    await tearDown?.();
  });

  async function restore(): Promise<void> {
    await forger.writeGame(game.gameId, game.events, positions);
    for (const snapshot of originalSnapshots) await forger.writeSnapshot(game.gameId, snapshot);
  }

  async function audit(): Promise<{ report: Awaited<ReturnType<typeof auditStoredGame>>; check: ReceiptsCheck }> {
    const check = new ReceiptsCheck(game.gameId, handed(game.receipts), game.keys.statementKeys());
    // A game removed whole is audited as `verify --receipts` audits it: a game of no events.
    const report = await auditStoredGame(store, game.gameId, snapshots, {
      observe: (event) => check.push(event),
    }).catch((error: unknown) => {
      if (!(error instanceof GameNotFoundError)) throw error;
      return auditEvents([], game.gameId);
    });
    return { report, check };
  }

  it(`${name}: the untouched game audits clean, with snapshots to check`, async () => {
    await restore();
    const { report, check } = await audit();
    expect(report.chain.intact && report.resimulation.identical).toBe(true);
    expect(report.snapshots?.checked).toBeGreaterThan(0);
    expect(report.snapshots?.rejected).toEqual([]);
    expect(check.verdicts(report.chain).every((verdict) => verdict.holds)).toBe(true);
  });

  it(`${name}: ${runs} forgeries of its rows, each found where it is or caught by the receipts, no exception escaping`, async () => {
    await fc.assert(
      fc.asyncProperty(tampering, async (chosen: Tampering) => {
        const forged = tamper(game.events, chosen);
        fc.pre(forged !== null);
        await restore();
        const written = await forger.writeGame(game.gameId, forged.events, positions).then(
          () => true,
          // The server's own JSON parser may refuse what the forger writes (nesting past its stack): not stored.
          () => false,
        );
        fc.pre(written);
        const { report, check } = await audit();
        expectFound(report, forged, check.verdicts(report.chain));
        await expectReadsAnswerOrNameTheDamage(store, game.gameId, game.events.length - 1);
      }),
      { numRuns: runs },
    );
  });

  it(`${name}: a snapshot body changed, behind its old digest or a new one, is rejected by the audit`, async () => {
    await fc.assert(
      fc.asyncProperty(snapshotTampering, async (chosen) => {
        const original = originalSnapshots[chosen.which % originalSnapshots.length]!;
        const body = forgedBody(original.state, chosen);
        fc.pre(body !== null && !(await decodesAlike(body, original.state, setupDecks)));
        await restore();
        await forger.writeSnapshot(game.gameId, { revision: original.revision, state: body });
        const { report } = await audit();
        expect(report.chain.intact && report.resimulation.identical).toBe(true);
        expect(report.snapshots?.rejected.map((rejected) => rejected.revision)).toEqual([original.revision]);
        await expectReadsAnswerOrNameTheDamage(store, game.gameId, game.events.length - 1);
      }),
      { numRuns: Math.ceil(runs / 4) },
    );
  });

  return {
    forgerRoundTrip: async () => {
      const forged = game.events.map((event, revision) =>
        revision === 1 ? { ...event, data: { forged: true } } : event,
      );
      await forger.writeGame(game.gameId, forged, positions);
      const [, second] = await store.readStream(gameStream(game.gameId), { maxCount: 2 });
      await restore();
      const [, again] = await store.readStream(gameStream(game.gameId), { maxCount: 2 });
      return { forged: second?.data, restored: again?.data, original: game.events[1]?.data };
    },
  };
}
