import Database from 'better-sqlite3';
import { auditEvents, chainEvents, genesisHash } from '@app/verifier';
import { GameAuditService } from '../src/audit/game-audit.service';
import { ForkRefusedError } from '../src/audit/fork-refused.error';
import { GameForkService } from '../src/audit/game-fork.service';
import { gameStream } from '../src/game-stream';
import { GameAlreadyExistsError, GameNotFoundError, GamePointNotFoundError } from '../src/games.errors';
import { storedGameEvent } from '../src/recording/stored-game-event';
import { GamesHarness, exampleScenario, playScenario, temporaryDirectory } from './games-testing';

describe('GameForkService: a new game from another one’s first events, then played on its own', () => {
  const dir = temporaryDirectory();
  let harness: GamesHarness;
  const fork = (origin: string, newId: string, at?: number) => harness.app.get(GameForkService).fork(origin, newId, at);
  const audit = (gameId: string) => harness.app.get(GameAuditService).audit(gameId);
  const read = async (gameId: string) => (await harness.store.readStream(gameStream(gameId))).map(storedGameEvent);
  const play = (gameId: string) => playScenario(harness, exampleScenario(), gameId);

  beforeAll(async () => {
    harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: dir.path('fork.db') } });
    await play('origin');
  });
  afterAll(async () => {
    await harness.close();
    dir.cleanup();
  });

  it('S3, T2: a fork in the middle of turn 2’s orders phase copies the events re-keyed, then plays on; both games audit clean and the origin is unchanged', async () => {
    const before = await read('origin');
    const at = before.findIndex((event) => event.type === 'SpellTargeted' && event.metadata.turn === 2);
    expect(await fork('origin', 'branch', at)).toEqual({
      gameId: 'branch',
      forkedFrom: 'origin',
      forkedAt: at,
      revision: at,
    });

    const copied = await read('branch');
    expect(copied).toHaveLength(at + 1);
    // The fork's chain is keyed with a secret of its own, not the origin's.
    const secret = copied[0].metadata.chainSecret as string;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(before[0].metadata.chainSecret);
    expect(copied.slice(1).some((event) => 'chainSecret' in event.metadata)).toBe(false);
    let previous = genesisHash('branch', secret);
    copied.forEach((event, revision) => {
      const original = before[revision];
      expect(event).toMatchObject({ revision, type: original.type, data: expect.anything() });
      expect(event.metadata).toMatchObject({
        gameId: 'branch',
        eventId: `branch@${revision}`,
        commandId: original.metadata.commandId,
        correlationId: original.metadata.correlationId,
        forkedFrom: 'origin',
        forkedAt: at,
        prevHash: previous,
      });
      const cause = String(original.metadata.causationId);
      expect(event.metadata.causationId).toBe(cause.replace(/^origin@/, 'branch@'));
      previous = event.metadata.hash as string;
    });
    expect(copied[0].data).toMatchObject({ gameId: 'branch', name: 'bolt and blade' });

    // The state the fork starts from is the origin's at that point (but for the game id), with red's order placed.
    const branchState = (await harness.repository.loadLatest('branch')).state;
    const originState = (await harness.timeTravel.stateAt('origin', at)).state;
    expect({ ...branchState, gameId: 'origin' }).toEqual(originState);
    expect(branchState.phase).toBe('orders');
    expect(branchState.orderIds).toHaveLength(1);

    // Played on differently: blue discards instead of attacking.
    await harness.commands.handle('branch', 'DiscardSpell', { player: 'blue', spell: 'mend' }, { commandId: 'b1' });
    await harness.commands.handle('branch', 'ConfirmOrders', { player: 'red' }, { commandId: 'b2' });
    const turn = await harness.commands.handle('branch', 'ConfirmOrders', { player: 'blue' }, { commandId: 'b3' });
    await harness.commands.handle('branch', 'CollectGarbage', { turn: 2 }, { commandId: 'b4' });
    const after = await read('branch');
    expect(after[at + 1].metadata).toMatchObject({ gameId: 'branch', eventId: `branch@${at + 1}`, commandId: 'b1' });
    expect(after[at + 1].metadata.forkedFrom).toBeUndefined();
    expect(turn.events.some((event) => event.type === 'AttackExecuting')).toBe(false);

    const [branchAudit, originAudit] = await Promise.all([audit('branch'), audit('origin')]);
    expect(branchAudit).toMatchObject({
      forkedFrom: { gameId: 'origin', revision: at },
      chain: { intact: true },
      resimulation: { identical: true, commands: expect.any(Number) },
    });
    expect(originAudit).toMatchObject({ forkedFrom: null, chain: { intact: true }, resimulation: { identical: true } });
    expect(await read('origin')).toEqual(before);
  });

  it('audits a fork’s provenance: a copied event that lost `forkedFrom` diverges even when re-chained', async () => {
    const events = await read('branch');
    const tampered = events.map(({ revision: _revision, ...event }) => ({ ...event, metadata: { ...event.metadata } }));
    delete tampered[5].metadata.forkedFrom;
    const rechained = chainEvents(
      genesisHash('branch', tampered[0].metadata.chainSecret as string),
      tampered,
    ).events.map((event, revision) => ({
      revision,
      ...event,
    }));
    const report = await auditEvents(rechained);
    expect(report.chain.intact).toBe(true);
    expect(report.resimulation.firstDivergence).toMatchObject({
      revision: 5,
      expected: { metadata: { forkedFrom: 'origin' } },
      found: { revision: 5 },
    });
  });

  it('a fork of a fork, at the origin’s last event, audits clean', async () => {
    const last = (await read('branch')).length - 1;
    await fork('branch', 'twig');
    const report = await audit('twig');
    expect(report).toMatchObject({
      revision: last,
      forkedFrom: { gameId: 'branch', revision: last },
      chain: { intact: true },
      resimulation: { identical: true },
    });
  });

  it('refuses a fork point inside a command, naming the points around it', async () => {
    const events = await read('origin');
    const died = events.findIndex((event) => event.type === 'MinionDied');
    const start = events.findIndex((event) => event.metadata.commandId === 'turn-1/blue/confirm');
    const end = events.findIndex((event) => event.type === 'GarbageCollected') - 1;
    const refusal = fork('origin', 'mid-command', died);
    await expect(refusal).rejects.toBeInstanceOf(ForkRefusedError);
    await expect(refusal).rejects.toThrow(`revisions ${start} to ${end}`);
    await expect(refusal).rejects.toThrow(`fork at ${start - 1} or ${end}`);
    expect(await harness.store.streamRevision(gameStream('mid-command'))).toBeNull();
  });

  it('A: refuses to copy the publication of a record: a fork of a published game is made at the game’s end', async () => {
    await play('published');
    await harness.commands.handle('published', 'Resign', { player: 'red' }, { commandId: 'red-resigns' });
    const { revision } = await harness.commands.handle('published', 'PublishRecord', {}, { commandId: 'publish' });
    const refusal = fork('published', 'copied-publication', revision);
    await expect(refusal).rejects.toThrow(
      `revision ${revision} publishes game published's record, which is the origin's to publish, not a fork's: fork at ${revision - 1}`,
    );
    expect(await harness.store.streamRevision(gameStream('copied-publication'))).toBeNull();
    expect(await fork('published', 'after-the-end', revision - 1)).toMatchObject({ revision: revision - 1 });
  });

  it('refuses unknown games and revisions, and a taken id', async () => {
    await expect(fork('nowhere', 'x')).rejects.toBeInstanceOf(GameNotFoundError);
    await expect(fork('origin', 'x', 10_000)).rejects.toBeInstanceOf(GamePointNotFoundError);
    await expect(fork('origin', 'branch', 0)).rejects.toBeInstanceOf(GameAlreadyExistsError);
    await expect(fork('origin', 'origin', 0)).rejects.toBeInstanceOf(GameAlreadyExistsError);
  });

  it('refuses to fork a game whose chain is broken before the fork point (a copy would re-chain, and so hide, the edit)', async () => {
    await play('damaged');
    const db = new Database(dir.path('fork.db'));
    try {
      db.prepare(
        `UPDATE events SET data = replace(data, '"strife":6', '"strife":9') WHERE stream = ? AND revision = 0`,
      ).run(gameStream('damaged'));
    } finally {
      db.close();
    }
    await expect(fork('damaged', 'laundered', 6)).rejects.toThrow(/hash chain is broken \(revision 0: hash mismatch/);
  });
});
