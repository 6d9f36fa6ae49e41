import { EventCausationService } from '../src/audit/event-causation.service';
import { gameStream } from '../src/game-stream';
import { GameNotFoundError, GamePointNotFoundError } from '../src/games.errors';
import { GamesHarness, exampleScenario, playScenario, temporaryDirectory } from './games-testing';

describe('EventCausationService: why an event happened, back to the command and the order behind it', () => {
  const dir = temporaryDirectory();
  let harness: GamesHarness;
  let types: string[];
  const why = (revision: number, gameId = 'why') => harness.app.get(EventCausationService).why(gameId, revision);

  beforeAll(async () => {
    harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: dir.path('why.db') } });
    await playScenario(harness, exampleScenario(), 'why');
    types = (await harness.store.readStream(gameStream('why'))).map((event) => event.type);
  });
  afterAll(async () => {
    await harness.close();
    dir.cleanup();
  });

  it('E0–E2, D1–D5, S3, S7, T2: a MinionDied walks back through its damage run and spell to blue’s confirmation, and to red’s order', async () => {
    const revision = types.indexOf('MinionDied');
    const answer = await why(revision);
    expect(answer.gameId).toBe('why');
    expect(answer.revision).toBe(revision);
    expect(answer.chain.map((link) => link.type)).toEqual([
      'MinionDied',
      'MinionDying',
      'DeathStarted',
      'DamageResolved',
      'DamageApplied',
      'DamageIncoming',
      'SpellExecuting',
      'SpellExecutionPhaseStarted',
      'OrdersConfirmed',
    ]);
    expect(answer.chain[0]).toMatchObject({ revision, rule: 'E2', step: 'E2', data: { minionId: 'b-archer' } });
    const revisions = answer.chain.map((link) => link.revision);
    expect(revisions).toEqual([...revisions].sort((x, y) => y - x));
    const executing = answer.chain.find((link) => link.type === 'SpellExecuting');
    expect(executing?.order).toEqual({
      revision: types.indexOf('SpellTargeted'),
      type: 'SpellTargeted',
      rule: 'S3',
      step: null,
      data: expect.objectContaining({
        orderId: `order.${types.indexOf('SpellTargeted')}`,
        player: 'red',
        spell: 'bolt',
        target: { minion: 'b-archer' },
      }),
      commandId: 'turn-1/red/0',
    });
    expect(answer.chain[answer.chain.length - 1]).toMatchObject({ type: 'OrdersConfirmed', data: { player: 'blue' } });
    expect(answer.command).toEqual({
      commandId: 'turn-1/blue/confirm',
      correlationId: 'turn-1/blue/confirm',
      type: 'ConfirmOrders',
    });
  });

  it('Q2: a squandered spell leads, beside its order, to the MinionDied that made its target dead, and on to that death’s own causes', async () => {
    const revision = types.indexOf('SpellSquandered');
    const died = types.indexOf('MinionDied');
    const answer = await why(revision);
    const [squandered] = answer.chain;
    expect(squandered).toMatchObject({ type: 'SpellSquandered', data: { reason: 'target-dead' } });
    expect(answer.chain.map((link) => link.type).slice(1)).toEqual([
      'SpellExecuting',
      'SpellExecutionPhaseStarted',
      'OrdersConfirmed',
    ]);
    expect(squandered.because).toMatchObject({ revision: died, type: 'MinionDied', rule: 'E2' });
    expect(squandered.because?.chain.map((link) => link.type)).toEqual((await why(died)).chain.map((l) => l.type));
    expect(squandered.because?.chain.find((link) => link.type === 'SpellExecuting')?.order).toMatchObject({
      data: { spell: 'bolt' },
    });
  });

  it('T3: damage in combat links the attack order that caused it', async () => {
    const revision = types.lastIndexOf('DamageApplied');
    const answer = await why(revision);
    const attack = answer.chain.find((link) => link.type === 'AttackExecuting');
    expect(attack?.order).toMatchObject({
      type: 'AttackOrdered',
      data: { player: 'blue', attackerId: 'b-sword', victimId: 'r-sword' },
      commandId: 'turn-2/blue/0',
    });
    expect(answer.chain.map((link) => link.type).slice(-2)).toEqual(['CombatPhaseStarted', 'OrdersConfirmed']);
    expect(answer.command.commandId).toBe('turn-2/blue/confirm');
  });

  it('T1: an input event is its own cause: the chain is the event, and the command it records', async () => {
    const revision = types.indexOf('GarbageCollected');
    const answer = await why(revision);
    expect(answer.chain).toHaveLength(1);
    expect(answer.command).toEqual({
      commandId: 'turn-1/collect',
      correlationId: 'turn-1/collect',
      type: 'CollectGarbage',
    });
  });

  it('reports an unknown revision or game', async () => {
    await expect(why(types.length)).rejects.toBeInstanceOf(GamePointNotFoundError);
    await expect(why(-1)).rejects.toBeInstanceOf(GamePointNotFoundError);
    await expect(why(0, 'nowhere')).rejects.toBeInstanceOf(GameNotFoundError);
  });
});
