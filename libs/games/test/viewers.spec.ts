import type { Command, DomainEvent, GameState, Scenario } from '@app/rules';
import { evolve, execute, initialState, runScenario } from '@app/rules';
import { GameBuilder, archer, cancelOrder, given, orderAttack, recruit, spell } from '@app/rules/testing';
import type { Step } from '@app/rules/testing';
import { type StoredGameEvent, gameEventOfLine } from '../src/recording/stored-game-event';
import { EventRedactor, REDACTED } from '../src/viewers/event-redactor';
import { viewState } from '../src/viewers/state-redactor';
import { describeEvent } from '../src/replay/describe-event';
import { describeState } from '../src/replay/describe-state';
import { ORGANISER, SPECTATOR, type Viewer, playerViewer } from '../src/viewers/viewer';

/**
 * A game full of secrets: blue's deck holds a card nobody else may learn of, red casts a non-visible ward and a
 * visible bolt, blue answers with an order red may only see once execution starts.
 */
function secretGame(): Scenario {
  const setup = new GameBuilder()
    .spells(
      spell('bolt', { effects: [{ damage: { amount: 2, magical: true } }] }),
      spell('veiled-ward', {
        type: 'alteration',
        visible: false,
        cumulative: true,
        target: { kind: 'minion', side: 'friendly' },
        triggers: [{ on: 'isDying', do: { returnToLife: { hp: 1 } } }],
      }),
      spell('blue-only-card', {
        house: 'war',
        target: { kind: 'minion', side: 'enemy' },
        effects: [{ damage: { amount: 1 } }],
      }),
    )
    .hand('red', 'bolt', 'veiled-ward')
    .hand('blue', 'blue-only-card')
    .deck('blue', 'blue-only-card')
    .group('R', 'red', [recruit('R1'), archer('R2')])
    .group('B', 'blue', [recruit('B1'), archer('B2')])
    .build();
  return {
    ...setup,
    seed: 987654321,
    name: 'secrets',
    turns: [
      {
        orders: {
          red: [
            { cast: 'veiled-ward', target: { minion: 'R2' } },
            { cast: 'bolt', target: { minion: 'B2' } },
          ],
          blue: [{ cast: 'blue-only-card', target: { minion: 'R2' } }],
        },
      },
      { orders: {} },
    ],
  };
}

const lines = (events: DomainEvent[]): StoredGameEvent[] =>
  events.map((event, revision) => gameEventOfLine({ revision, ...event, metadata: { ...event.metadata } }));

/** Every state of the game, before each event: states[r] is the state after events 0..r-1. */
function statesBefore(events: DomainEvent[]): GameState[] {
  const states: GameState[] = [initialState()];
  for (const event of events) states.push(evolve(structuredClone(states[states.length - 1]), event));
  return states;
}

describe('viewer rules (docs/design.md, T2, S9): nothing hidden leaks, at any revision', () => {
  const { events } = runScenario(secretGame(), 'secrets');
  const all = lines(events);
  const states = statesBefore(events);
  const veiledActive = events.find((event) => event.type === 'SpellActivated' && event.data.spell === 'veiled-ward');
  const veiledId = (veiledActive?.data as { activeSpellId: string }).activeSpellId;
  const blueOrder = events.find((event) => event.type === 'SpellTargeted' && event.data.player === 'blue');
  const blueOrderId = (blueOrder?.data as { orderId: string }).orderId;
  const execution = events.findIndex((event) => event.type === 'SpellExecutionPhaseStarted');

  /** What a viewer is shown of the game as it stands after revision `at`: its events and its state. */
  function shown(viewer: Viewer, at: number): string {
    const present = states[at + 1];
    const redactor = new EventRedactor(viewer, initialState());
    const viewed = all.slice(0, at + 1).map((line) => redactor.view(line));
    return JSON.stringify({ viewed, state: viewState(present, viewer) });
  }

  it('nobody but the organiser sees the seed, or blue’s cards when they are not blue', () => {
    for (let at = 0; at < all.length; at += 1) {
      for (const viewer of [playerViewer('red'), playerViewer('blue'), SPECTATOR]) {
        expect(shown(viewer, at)).not.toContain('987654321');
      }
      for (const viewer of [playerViewer('red'), SPECTATOR]) {
        // Before execution the card is in blue's hand or order; afterwards, only the released order names it.
        if (at < execution) expect(shown(viewer, at)).not.toContain('blue-only-card');
      }
    }
    expect(shown(ORGANISER, 0)).toContain('987654321');
  });

  it('T2: blue’s order is hidden from red and spectators until execution starts, then released', () => {
    const given = events.indexOf(blueOrder as DomainEvent);
    for (let at = 0; at < execution; at += 1) {
      for (const viewer of [playerViewer('red'), SPECTATOR]) expect(shown(viewer, at)).not.toContain(blueOrderId);
      if (at >= given) expect(shown(playerViewer('blue'), at)).toContain(blueOrderId);
    }
    expect(shown(playerViewer('red'), execution)).toContain(blueOrderId);
    const live = new EventRedactor(SPECTATOR, initialState());
    const viewed = all.slice(0, execution + 1).map((line) => live.view(line));
    expect(viewed[events.indexOf(blueOrder as DomainEvent)].type).toBe(REDACTED);
    const started = viewed[execution];
    // Both sides' visible orders come out together; red's non-visible ward never does (S9).
    expect(started.released?.map((line) => (line.data as { spell: string }).spell)).toEqual(['bolt', 'blue-only-card']);
    expect(started.released?.[1].data).toMatchObject({ orderId: blueOrderId, player: 'blue' });
  });

  it('S9: red’s non-visible ward is seen by red only, at every revision, through every effect', () => {
    for (let at = 0; at < all.length; at += 1) {
      for (const viewer of [playerViewer('blue'), SPECTATOR]) {
        const text = shown(viewer, at);
        expect(text).not.toContain('veiled-ward');
        expect(text).not.toContain(`"${veiledId}"`);
      }
    }
    expect(shown(playerViewer('red'), all.length - 1)).toContain('veiled-ward');
    expect(shown(ORGANISER, all.length - 1)).toContain(veiledId);
  });

  it('the hash chain stays with the organiser', () => {
    const chained = all.map((line) =>
      gameEventOfLine({ ...line, metadata: { ...line.metadata, prevHash: 'p', hash: 'h' } }),
    );
    const redactor = new EventRedactor(SPECTATOR, initialState());
    expect(chained.map((line) => redactor.view(line)).some((line) => 'hash' in line.metadata)).toBe(false);
  });

  it('during the orders phase the state undoes the other side’s orders: cards as before them, and no pool', () => {
    const ordersPhase = states[execution];
    expect(ordersPhase.phase).toBe('orders');
    const redsView = viewState(ordersPhase, playerViewer('red')) as {
      players: Record<string, Record<string, unknown>>;
    };
    const before = states[events.indexOf(blueOrder as DomainEvent)];
    expect(redsView.players.blue).not.toHaveProperty('mana');
    expect(redsView.players.blue.handSize).toBe(before.players.blue.hand.length);
    expect(redsView.players.red.mana).toEqual(ordersPhase.players.red.mana);
  });
});

/**
 * Issue #24, item 4: the public ManaGenerated.pool showed the other side's mana after its hidden spells (19 after one
 * non-visible hex, 20 after one cast and cancelled, 18 after two), so a spectator learnt how much went on them and
 * whether a hidden order was cancelled. A player's pool is its own: the others see what it generates and gains.
 */
describe('a player’s mana pool is its own: nothing of it tells the others what went on hidden orders', () => {
  const setup = new GameBuilder()
    .spells(
      spell('hex', {
        type: 'alteration',
        visible: false,
        cumulative: true,
        target: { kind: 'minion', side: 'enemy' },
        effects: [{ modifyStats: { armor: -1 } }],
      }),
    )
    .hand('red', 'hex', 'hex')
    .income('red', { strife: 1 })
    .group('R', 'red', [recruit('R1')])
    .group('B', 'blue', [recruit('B1')])
    .build();

  /** Turn 1 with red's hidden orders as `orders` gives them, then turn 2 up to its mana: every event. */
  function play(orders: 'one hex' | 'one hex, cancelled' | 'two hexes'): StoredGameEvent[] {
    let state = initialState();
    const events: DomainEvent[] = [];
    let n = 0;
    const run = (type: Command['type'], data: unknown) => {
      const decision = execute(state, { type, data, metadata: { commandId: `c${n++}` } } as Command);
      state = decision.state;
      events.push(...decision.events);
      return decision.events;
    };
    run('CreateGame', { gameId: 'pools', setup });
    const hex = () => run('TargetSpell', { player: 'red', spell: 'hex', target: { minion: 'B1' } });
    const [placed] = hex();
    if (orders === 'two hexes') hex();
    if (orders === 'one hex, cancelled') {
      run('CancelOrder', { player: 'red', orderId: (placed?.data as { orderId: string }).orderId });
    }
    run('ConfirmOrders', { player: 'red' });
    run('ConfirmOrders', { player: 'blue' });
    run('CollectGarbage', { turn: 1 });
    return lines(events);
  }

  const variants = ['one hex', 'one hex, cancelled', 'two hexes'] as const;
  const games = variants.map((variant) => play(variant));
  /** What a viewer is shown of red's mana: its ManaGenerated and ManaGained lines, and red in its final state. */
  function redsMana(viewer: Viewer, game: StoredGameEvent[]): unknown {
    const redactor = new EventRedactor(viewer, initialState());
    const viewed = game.map((line) => redactor.view(line));
    const manaLines = viewed
      .filter((line) => ['ManaGenerated', 'ManaGained'].includes(line.type))
      .filter((line) => (line.data as { player: string }).player === 'red')
      .map((line) => line.data);
    const state = viewState(
      game.reduce((folded, line) => evolve(folded, line as unknown as DomainEvent), initialState()),
      viewer,
    ) as { players: { red: Record<string, unknown> } };
    return { manaLines, pool: state.players.red.mana };
  }

  it('shows blue and spectators the same of red’s mana whatever red’s hidden orders were', () => {
    expect(games.every((game) => game.some((line) => line.type === 'ManaGenerated' && line.metadata.turn === 2))).toBe(
      true,
    );
    for (const viewer of [playerViewer('blue'), SPECTATOR]) {
      const shown = games.map((game) => redsMana(viewer, game));
      expect(shown[1]).toEqual(shown[0]);
      expect(shown[2]).toEqual(shown[0]);
      expect(shown[0]).toMatchObject({ pool: undefined });
      expect(JSON.stringify(shown[0])).not.toContain('pool');
    }
  });

  it('describes red’s pool to blue as not shown, in the events’ sentences and in the state’s (`replay --as blue`)', () => {
    const redactor = new EventRedactor(playerViewer('blue'), initialState());
    const generated = games[0]!
      .map((line) => redactor.view(line))
      .find((line) => line.type === 'ManaGenerated' && (line.data as { player: string }).player === 'red');
    expect(describeEvent(generated!)).toBe('red generates strife 1');
    const final = games[0]!.reduce((folded, line) => evolve(folded, line as unknown as DomainEvent), initialState());
    const lines = describeState(viewState(final, playerViewer('blue')) as unknown as GameState);
    expect(lines.find((line) => line.trimStart().startsWith('red'))).toContain('mana: not shown');
    expect(lines.find((line) => line.trimStart().startsWith('blue'))).toMatch(/mana: [a-z]+ \d/);
  });

  it('shows red and the organiser red’s pool, which differs with what red spent', () => {
    for (const viewer of [playerViewer('red'), ORGANISER]) {
      const pools = games.map((game) => (redsMana(viewer, game) as { pool: Record<string, number> }).pool);
      expect(new Set(pools.map((pool) => JSON.stringify(pool))).size).toBe(3);
    }
  });
});

describe('T3: an attack order is as secret as the other orders, in the state as in the events', () => {
  const duel: Scenario = {
    ...new GameBuilder()
      .group('R', 'red', [recruit('R1'), recruit('R2')])
      .group('B', 'blue', [recruit('B1'), recruit('B2')])
      .build(),
    name: 'duel',
    turns: [
      {
        orders: {
          red: [{ attack: { attacker: 'R1', victim: 'B1' } }],
          blue: [{ attack: { attacker: 'B2', victim: 'R2' } }],
        },
      },
    ],
  };
  const { events } = runScenario(duel, 'duel');
  const states = statesBefore(events);
  const blueAttack = events.findIndex((event) => event.type === 'AttackOrdered' && event.data.player === 'blue');
  const combat = events.findIndex((event) => event.type === 'CombatPhaseStarted');
  const withoutVersion = (view: Record<string, unknown>) => ({ ...view, version: null });

  // The attackers of the attack orders a view (or the state) shows, in the order given.
  const attackersIn = (view: object) => {
    const { orders, orderIds } = view as Pick<GameState, 'orders' | 'orderIds'>;
    return orderIds.map((id) => orders[id]).flatMap((order) => (order.kind === 'attack' ? [order.attackerId] : []));
  };

  it('during the orders phase red’s view of the state is what it was before blue’s attack order', () => {
    const before = states[blueAttack];
    const after = states[blueAttack + 1];
    expect(attackersIn(after)).toEqual(['R1', 'B2']);
    expect(withoutVersion(viewState(after, playerViewer('red')))).toEqual(
      withoutVersion(viewState(before, playerViewer('red'))),
    );
    expect(attackersIn(viewState(after, playerViewer('red')))).toEqual(['R1']);
    expect(attackersIn(viewState(after, SPECTATOR))).toEqual([]);
    expect(attackersIn(viewState(after, playerViewer('blue')))).toEqual(['B2']);
    expect(attackersIn(viewState(after, ORGANISER))).toEqual(['R1', 'B2']);
  });

  it('once combat starts, every viewer sees both attacks', () => {
    const released = states[combat + 1];
    for (const viewer of [playerViewer('red'), SPECTATOR]) {
      expect(attackersIn(viewState(released, viewer))).toEqual(['R1', 'B2']);
    }
  });
});

describe('T2: order ids tell a player nothing of the other side’s orders', () => {
  const board = () =>
    new GameBuilder()
      .group('R', 'red', [recruit('R1'), recruit('R2')])
      .group('B', 'blue', [recruit('B1'), recruit('B2')]);

  /** Red's view (events and state) once blue has made two order moves and red then gives one order. */
  function redsView(blueMoves: (Step | ((state: GameState) => Step))[]): string {
    const { history, state } = given(board())
      .when(...blueMoves, orderAttack('red', 'R1', 'B1'))
      .run();
    const red = playerViewer('red');
    const redactor = new EventRedactor(red, initialState());
    return JSON.stringify({
      viewed: lines([...history]).map((line) => redactor.view(line)),
      state: viewState(state, red),
    });
  }

  it('an order and its cancellation look to red exactly like two pending orders, red’s own order id included', () => {
    const placedAndCancelled = redsView([
      orderAttack('blue', 'B1', 'R1'),
      (state) => cancelOrder('blue', state.orderIds[0]),
    ]);
    const twoPending = redsView([orderAttack('blue', 'B1', 'R1'), orderAttack('blue', 'B2', 'R2')]);
    expect(placedAndCancelled).toEqual(twoPending);
    expect(placedAndCancelled).toContain('"orderId":"order.');
  });
});
