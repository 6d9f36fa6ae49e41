import {
  type Command,
  type CommandDataMap,
  type CommandType,
  type DomainEvent,
  type GameState,
  execute,
  initialState,
} from '@app/rules';
import { GameBuilder, archer, recruit, spell } from '@app/rules/testing';
import { type StoredGameEvent, gameEventOfLine } from '../recording/stored-game-event';
import {
  EventRedactor,
  REDACTED,
  type ViewedEventLine,
  redactorMustStartAtOrdersPhase,
  viewedOfTypes,
} from './event-redactor';
import { SPECTATOR, type Viewer, playerViewer } from './viewer';

/** A turn with every kind of order event: red's secret ward and a bolt; blue's feint (cancelled) and an attack. */
function played(): { lines: StoredGameEvent[]; states: GameState[] } {
  const setup = new GameBuilder()
    .spells(
      spell('bolt', { effects: [{ damage: { amount: 1, magical: true } }] }),
      spell('ward', { type: 'alteration', visible: false, target: { kind: 'minion', side: 'friendly' } }),
      spell('feint', { target: { kind: 'minion', side: 'friendly' }, effects: [{ heal: { amount: 1 } }] }),
    )
    .hand('red', 'bolt', 'ward')
    .hand('blue', 'feint')
    .group('R', 'red', [recruit('R1')])
    .group('B', 'blue', [archer('B1')])
    .build();
  const events: DomainEvent[] = [];
  const states: GameState[] = [initialState()];
  let state = initialState();
  const run = <K extends CommandType>(type: K, data: CommandDataMap[K]): string | undefined => {
    const decision = execute(state, { type, data, metadata: { commandId: `c${events.length}` } } as Command);
    state = decision.state;
    for (const event of decision.events) {
      events.push(event);
      states.push(structuredClone(state));
    }
    return (decision.events[0]?.data as { orderId?: string }).orderId;
  };
  run('CreateGame', { gameId: 'g', setup });
  run('TargetSpell', { player: 'red', spell: 'ward', target: { minion: 'R1' } });
  run('TargetSpell', { player: 'red', spell: 'bolt', target: { minion: 'B1' } });
  const feint = run('TargetSpell', { player: 'blue', spell: 'feint', target: { minion: 'B1' } }) as string;
  run('CancelOrder', { player: 'blue', orderId: feint });
  run('OrderAttack', { player: 'blue', attackerId: 'B1', victimId: 'R1' });
  run('ConfirmOrders', { player: 'red' });
  run('ConfirmOrders', { player: 'blue' });
  const lines = events.map((event, revision) =>
    gameEventOfLine({ revision, ...event, metadata: { ...event.metadata } }),
  );
  return { lines, states };
}

const { lines, states } = played();
const execution = lines.findIndex((line) => line.type === 'SpellExecutionPhaseStarted');

/** What a redactor that starts at `from` (see redactorMustStartAtOrdersPhase) shows of the events from there on. */
function viewFrom(viewer: Viewer, from: number): ViewedEventLine[] {
  let start = from;
  if (from > 0 && redactorMustStartAtOrdersPhase(lines[from - 1].metadata.phase as GameState['phase'])) {
    start = lines.findIndex((line) => line.metadata.phase === 'orders');
  }
  const redactor = new EventRedactor(viewer, states[start]);
  return lines
    .slice(start)
    .map((line) => redactor.view(line))
    .slice(from - start);
}

describe('EventRedactor (T2, S9)', () => {
  it('releases the other side’s orders with SpellExecutionPhaseStarted, never a cancelled one or a secret one', () => {
    const viewed = viewFrom(SPECTATOR, 0);
    const released = viewed[execution].released ?? [];
    expect(released.map((line) => [line.type, (line.data as { player: string }).player])).toEqual([
      ['SpellTargeted', 'red'],
      ['AttackOrdered', 'blue'],
    ]);
    expect(JSON.stringify(viewed)).not.toMatch(/feint|ward/);
    const orderLines = lines.filter((line) => line.metadata.phase === 'orders' && line.type !== 'OrdersPhaseStarted');
    for (const line of orderLines.filter((l) => l.type !== 'OrdersConfirmed'))
      expect(viewed[line.revision].type).toBe(REDACTED);
  });

  it('leaves a secret order’s id out of the order lists of those who may not see it', () => {
    const ward = lines.find((line) => (line.data as { spell?: string }).spell === 'ward');
    const wardOrder = (ward?.data as { orderId: string }).orderId;
    const blue = viewFrom(playerViewer('blue'), 0);
    const red = viewFrom(playerViewer('red'), 0);
    expect((blue[execution].data as { orderIds: string[] }).orderIds).not.toContain(wardOrder);
    expect((red[execution].data as { orderIds: string[] }).orderIds).toContain(wardOrder);
    expect(red[ward?.revision as number]).toEqual(ward);
  });

  it('shows each event the same whatever revision the redactor starts at (a resumed read is a suffix)', () => {
    for (const viewer of [SPECTATOR, playerViewer('red'), playerViewer('blue')]) {
      const whole = viewFrom(viewer, 0);
      for (let from = 1; from < lines.length; from += 1)
        expect([from, viewFrom(viewer, from)]).toEqual([from, whole.slice(from)]);
    }
  });

  it('filters by the type the viewer sees, keeping a release that carries orders of the types asked for', () => {
    const viewed = viewFrom(SPECTATOR, 0);
    const types = new Set(['AttackOrdered']);
    const kept = viewed.map((line) => viewedOfTypes(line, types)).filter((line) => line !== null);
    expect(kept.map((line) => [line.type, line.released?.map((released) => released.type)])).toEqual([
      ['SpellExecutionPhaseStarted', ['AttackOrdered']],
    ]);
    expect(
      viewed.map((line) => viewedOfTypes(line, new Set(['SpellTargeted']))).filter((l) => l?.type === REDACTED),
    ).toEqual([]);
  });
});
