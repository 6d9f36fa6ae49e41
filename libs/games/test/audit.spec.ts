import Database from 'better-sqlite3';
import { RULES_OPTIONS } from '@app/rules';
import { eventHash, type GameAuditReport } from '@app/verifier';
import { GameAuditService } from '../src/audit/game-audit.service';
import { gameStream } from '../src/game-stream';
import { GameNotFoundError } from '../src/games.errors';
import { GamesHarness, exampleScenario, playScenario, temporaryDirectory } from './games-testing';

/** A row of the SQLite `events` table (libs/event-store/src/sqlite/sqlite-schema.ts), as stored: JSON text. */
interface EventRow {
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

/**
 * The audit against real tampering: games are played through the games layer into a SQLite file, then that file
 * is edited behind the service's back with a second connection, as someone with access to the disk could.
 */
describe('GameAuditService: hash chain and re-simulation, against edits made directly in the SQLite file', () => {
  const dir = temporaryDirectory();
  const dbPath = dir.path('audit.db');
  let harness: GamesHarness;
  let db: Database.Database;
  const audit = (gameId: string): Promise<GameAuditReport> => harness.app.get(GameAuditService).audit(gameId);

  const rows = (gameId: string): EventRow[] =>
    db
      .prepare('SELECT revision, type, data, metadata FROM events WHERE stream = ? ORDER BY revision')
      .all(gameStream(gameId)) as EventRow[];
  const revisionOf = (gameId: string, type: string, nth = 0): number =>
    rows(gameId).filter((row) => row.type === type)[nth].revision;
  const setData = (gameId: string, revision: number, data: string): void => {
    db.prepare('UPDATE events SET data = ? WHERE stream = ? AND revision = ?').run(data, gameStream(gameId), revision);
  };

  /** Plays the example (both turns, each collected at once) as `gameId`. */
  const play = (gameId: string): Promise<void> => playScenario(harness, exampleScenario(), gameId);

  beforeAll(async () => {
    harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: dbPath } });
    for (const gameId of ['clean', 'edited', 'deleted', 'swapped', 'forged']) await play(gameId);
    db = new Database(dbPath);
  });
  afterAll(async () => {
    db?.close();
    await harness.close();
    dir.cleanup();
  });

  it('T1, T2: an untouched game verifies: chain intact from the genesis hash, every event re-derived identically', async () => {
    const stored = rows('clean');
    const report = await audit('clean');
    expect(report).toMatchObject({
      gameId: 'clean',
      revision: stored.length - 1,
      events: stored.length,
      forkedFrom: null,
      chain: { intact: true, firstBrokenRevision: null, lastHash: JSON.parse(stored[stored.length - 1].metadata).hash },
      resimulation: { identical: true, firstDivergence: null },
    });
    // set-up, 3 + 3 orders, 2 × 2 confirmations, 2 collections
    expect(report.resimulation.commands).toBe(13);
  });

  it('reports an unknown game', async () => {
    await expect(audit('nowhere')).rejects.toBeInstanceOf(GameNotFoundError);
  });

  it('D4: one byte of one event’s data edited in the file → that revision is the first broken link and the first divergence', async () => {
    const revision = revisionOf('edited', 'DamageApplied');
    const row = rows('edited')[revision];
    expect(row.data).toContain('"amount":3');
    setData('edited', revision, row.data.replace('"amount":3', '"amount":4'));
    const report = await audit('edited');
    expect(report.chain).toMatchObject({ intact: false, firstBrokenRevision: revision, reason: 'hash mismatch' });
    expect(report.resimulation.identical).toBe(false);
    expect(report.resimulation.firstDivergence).toMatchObject({
      revision,
      expected: { revision, type: 'DamageApplied', data: { amount: 3 } },
      found: { revision, type: 'DamageApplied', data: { amount: 4 } },
    });
  });

  it('a deleted row is a missing revision', async () => {
    const revision = revisionOf('deleted', 'MinionDied');
    db.prepare('DELETE FROM events WHERE stream = ? AND revision = ?').run(gameStream('deleted'), revision);
    const report = await audit('deleted');
    expect(report.chain).toMatchObject({ intact: false, firstBrokenRevision: revision, reason: 'missing revision' });
    expect(report.resimulation.firstDivergence).toMatchObject({
      revision,
      expected: { type: 'MinionDied' },
      found: { revision: revision + 1, type: 'MinionRemovedFromGroup' },
    });
  });

  it('B7: two rows’ data swapped (a reordering) → the first of them is reported', async () => {
    const [red, blue] = rows('swapped').filter((row) => row.type === 'CardsDrawn');
    expect(blue.revision).toBe(red.revision + 1);
    setData('swapped', red.revision, blue.data);
    setData('swapped', blue.revision, red.data);
    const report = await audit('swapped');
    expect(report.chain).toMatchObject({ intact: false, firstBrokenRevision: red.revision, reason: 'hash mismatch' });
    expect(report.resimulation.firstDivergence).toMatchObject({
      revision: red.revision,
      expected: { data: { player: 'red' } },
      found: { data: { player: 'blue' } },
    });
  });

  it('D4: a forger who edits an event and re-chains everything after it keeps the chain intact, but not the re-simulation', async () => {
    const revision = revisionOf('forged', 'DamageApplied', 1);
    const stored = rows('forged');
    setData('forged', revision, stored[revision].data.replace('"hpAfter":5', '"hpAfter":6'));
    // Re-link every event from the edited one on, as someone who knows the hash rule would.
    let previous = (JSON.parse(stored[revision].metadata) as { prevHash: string }).prevHash;
    for (const row of rows('forged').slice(revision)) {
      const metadata = { ...JSON.parse(row.metadata), prevHash: previous };
      metadata.hash = eventHash(previous, { type: row.type, data: JSON.parse(row.data), metadata });
      db.prepare('UPDATE events SET metadata = ? WHERE stream = ? AND revision = ?').run(
        JSON.stringify(metadata),
        gameStream('forged'),
        row.revision,
      );
      previous = metadata.hash;
    }
    const report = await audit('forged');
    expect(report.chain).toMatchObject({ intact: true, firstBrokenRevision: null });
    expect(report.resimulation.firstDivergence).toMatchObject({
      revision,
      reason: expect.stringContaining('event differs'),
      expected: { data: { hpAfter: 5 } },
      found: { data: { hpAfter: 6 } },
    });
  });

  describe('a changed engine constant is caught by re-simulation (the chain is intact)', () => {
    const options = RULES_OPTIONS as unknown as Record<string, unknown>;

    it('B7: a hand size of 1 draws no card for red at the start of turn 1', async () => {
      const saved = options.handSize;
      options.handSize = 1;
      let report: GameAuditReport;
      try {
        report = await audit('clean');
      } finally {
        options.handSize = saved;
      }
      const revision = revisionOf('clean', 'CardsDrawn');
      expect(report.chain.intact).toBe(true);
      expect(report.resimulation.firstDivergence).toMatchObject({
        revision,
        expected: { type: 'CardsDrawn', data: { player: 'red', cards: [] } },
        found: { type: 'CardsDrawn', data: { player: 'red', cards: ['bolt'] } },
      });
    });

    it('D6: without the armor reset at combat start, turn 2’s ArmorRestored is not derived', async () => {
      const saved = options.armorResetsAtCombatStart;
      options.armorResetsAtCombatStart = false;
      let report: GameAuditReport;
      try {
        report = await audit('clean');
      } finally {
        options.armorResetsAtCombatStart = saved;
      }
      const revision = revisionOf('clean', 'ArmorRestored');
      expect(report.resimulation.firstDivergence).toMatchObject({
        revision,
        reason: expect.stringContaining('AttackExecuting here, not an ArmorRestored'),
        expected: { revision, type: 'AttackExecuting' },
        found: { revision, type: 'ArmorRestored' },
      });
      expect((await audit('clean')).resimulation.identical).toBe(true);
    });
  });

  it('S3, S4, S12, T3: cancelled orders, and two commands recorded under one reused command id, re-derive too', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await harness.commands.createGame({ gameId: 'changed-minds', setup }, 'setup');
    const order = async (type: 'TargetSpell' | 'OrderAttack' | 'DiscardSpell', data: object, commandId: string) =>
      (await harness.commands.handle('changed-minds', type, data as never, { commandId })).events[0].data as {
        orderId: string;
      };
    const cast = await order('TargetSpell', { player: 'red', spell: 'bolt', target: { minion: 'b-archer' } }, 'k1');
    const attack = await order('OrderAttack', { player: 'red', attackerId: 'r-sword', victimId: 'b-sword' }, 'k1');
    const discard = await order('DiscardSpell', { player: 'blue', spell: 'mend' }, 'k2');
    for (const [player, orderId] of [
      ['red', cast.orderId],
      ['red', attack.orderId],
      ['blue', discard.orderId],
    ]) {
      await harness.commands.handle('changed-minds', 'CancelOrder', { player, orderId } as never, { commandId: 'k3' });
    }
    const types = rows('changed-minds').map((row) => row.type);
    expect(types).toEqual(expect.arrayContaining(['SpellUntargeted', 'AttackCancelled', 'DiscardCancelled']));
    const report = await audit('changed-minds');
    expect(report.resimulation).toMatchObject({ identical: true, commands: 7 });
    expect(report.chain.intact).toBe(true);
  });
});
