import { type Command, type DomainEvent, type ScenarioOrder, execute, initialState, orderCommand } from '@app/rules';
import { gameStream } from '../src/game-stream';
import { GameReceipts } from '../src/receipts/game-receipts.service';
import { chainEvents, genesisHash, type Receipt } from '@app/verifier';
import { drawChainSecret } from '../src/recording/draw-chain-secret';
import { storedGameEvent } from '../src/recording/stored-game-event';
import { GamesHarness, exampleScenario } from './games-testing';

/** Everything red might have ordered in turn 1 with what it holds (the engine refuses the rest). */
const RED_CANDIDATES: ScenarioOrder[] = [
  { attack: { attacker: 'r-sword', victim: 'b-archer' } },
  { attack: { attacker: 'r-sword', victim: 'b-sword' } },
  { cast: 'bolt', target: { minion: 'b-archer' } },
  { cast: 'bolt', target: { minion: 'b-sword' } },
  { discard: 'bolt' },
];
const TRUE_ORDER = 1;
const BLUE_ORDER: ScenarioOrder = { cast: 'mend', target: { minion: 'b-archer' } };

/**
 * The attack the chain secret answers (issue #18, 2): blue holds a receipt for its own order, given after red's
 * hidden order, so the receipt's hash covers red's order. Blue is granted everything but red's order and the chain
 * secret — the set-up with the seed and red's hand, every command id — and recomputes the chain for every order red
 * could have given. Without a secret in the chain, exactly the true order matches; with it, none does.
 */
describe('a receipt reveals nothing hidden: its hash cannot be matched against guesses of the other side’s orders', () => {
  let harness: GamesHarness;
  let receipt: Receipt;
  let recorded: DomainEvent[];
  const { turns: _turns, ...setup } = exampleScenario();

  /** The events of set-up, red's order, blue's order, as the engine derives them: what blue can compute. */
  function gameWith(redOrder: ScenarioOrder): DomainEvent[] | null {
    const commands: Command[] = [
      { type: 'CreateGame', data: { gameId: 'hidden', setup }, metadata: { commandId: 'set-up' } },
      orderCommand('red', redOrder, 'red-1', 'red'),
      orderCommand('blue', BLUE_ORDER, 'blue-1', 'blue'),
    ];
    let state = initialState();
    const events: DomainEvent[] = [];
    try {
      for (const command of commands) {
        const decision = execute(state, command);
        state = decision.state;
        events.push(...decision.events);
      }
    } catch {
      return null; // the engine refuses this order: red cannot have given it
    }
    return events;
  }

  const lastHash = (events: DomainEvent[], genesis: string) => chainEvents(genesis, events).lastHash;

  beforeAll(async () => {
    harness = await GamesHarness.start({ store: { kind: 'memory' } });
    await harness.commands.createGame({ gameId: 'hidden', setup }, 'set-up');
    const red = orderCommand('red', RED_CANDIDATES[TRUE_ORDER], 'red-1', 'red');
    await harness.commands.handle('hidden', red.type as 'OrderAttack', red.data as never, red.metadata);
    const blue = orderCommand('blue', BLUE_ORDER, 'blue-1', 'blue');
    const outcome = await harness.commands.handle(
      'hidden',
      blue.type as 'TargetSpell',
      blue.data as never,
      blue.metadata,
    );
    receipt = (await harness.app.get(GameReceipts).forOutcome(outcome)) as Receipt;
    recorded = (await harness.store.readStream(gameStream('hidden'))).map(storedGameEvent) as unknown as DomainEvent[];
  });
  afterAll(() => harness.close());

  it('blue computes the very events the service recorded, for the true order (all but the chain’s fields)', () => {
    const strip = ({ type, data, metadata }: DomainEvent) => {
      const { prevHash: _p, hash: _h, chainSecret: _s, ...rest } = metadata as unknown as Record<string, unknown>;
      return { type, data, metadata: rest };
    };
    expect(gameWith(RED_CANDIDATES[TRUE_ORDER])?.map(strip)).toEqual(recorded.map(strip));
    expect(receipt.revision).toBe(recorded.length - 1);
  });

  it('with the chain secret, no candidate matches the receipt’s hash, whatever genesis blue tries', () => {
    const candidates = RED_CANDIDATES.map(gameWith).filter((events): events is DomainEvent[] => events !== null);
    expect(candidates.length).toBeGreaterThanOrEqual(3);
    const geneses = [
      genesisHash('hidden'),
      ...Array.from({ length: 16 }, () => genesisHash('hidden', drawChainSecret())),
    ];
    for (const events of candidates) {
      for (const genesis of geneses) expect(lastHash(events, genesis)).not.toBe(receipt.hash);
    }
  });

  it('without the secret the attack is real: the same game chained from the unkeyed genesis gives away red’s order', () => {
    // What the service recorded before chain secrets: the same events, chained from the unkeyed genesis.
    const unkeyed = recorded.map(({ type, data, metadata }) => {
      const { prevHash: _p, hash: _h, chainSecret: _s, ...rest } = metadata as unknown as Record<string, unknown>;
      return { type, data, metadata: rest };
    });
    const receiptHashThen = lastHash(unkeyed as unknown as DomainEvent[], genesisHash('hidden'));
    const matching = RED_CANDIDATES.filter((order) => {
      const events = gameWith(order);
      return events !== null && lastHash(events, genesisHash('hidden')) === receiptHashThen;
    });
    expect(matching).toEqual([RED_CANDIDATES[TRUE_ORDER]]);
  });
});
