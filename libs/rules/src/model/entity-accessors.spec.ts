import type { DomainEvent, EventDataMap, EventType } from '..';
import { evolve, initialState } from '..';
import { minionFromSpec } from '../evolve/setup.evolve';
import { recruit } from '../testing';
import {
  MissingEntryError,
  activeSpellAt,
  attackAt,
  firstMinionOf,
  groupAt,
  minionAt,
  orderAt,
  spellAt,
  squareAt,
  structureAt,
} from './entity-accessors';
import type { GameState } from './game-state';

/** An event as the evolvers read it (they never read the envelope). */
function event<K extends EventType>(type: K, data: EventDataMap[K]): DomainEvent {
  return { type, data, metadata: {} } as unknown as DomainEvent;
}

function stateWithMinion(): GameState {
  const state = initialState();
  state.minions.B1 = minionFromSpec(recruit('B1'), 'blue', 'B');
  return state;
}

describe('entity accessors: ids the engine holds itself', () => {
  it('give the entry the state holds under the id', () => {
    const state = stateWithMinion();
    expect(minionAt(state, 'B1')).toBe(state.minions.B1);
    expect(attackAt(minionAt(state, 'B1'), 0)).toEqual({ kind: 'hand', damage: 2 });
    expect(firstMinionOf(['B1', 'B2'], 'B')).toBe('B1');
  });

  it.each([
    ['minion', minionAt],
    ['group', groupAt],
    ['structure', structureAt],
    ['square', squareAt],
    ['active spell', activeSpellAt],
    ['spell', spellAt],
    ['order', orderAt],
  ] as const)('a missing %s throws MissingEntryError naming the kind and the id', (kind, at) => {
    const state = initialState();
    const read = () => at(state, 'X9');
    expect(read).toThrow(MissingEntryError);
    expect(read).toThrow(`no ${kind} "X9": a broken engine invariant, or a corrupt event stream`);
  });

  it('find nothing under the names of Object.prototype (records have no prototype)', () => {
    const state = initialState();
    expect(() => minionAt(state, 'constructor')).toThrow('no minion "constructor"');
    expect(() => spellAt(state, 'toString')).toThrow('no spell "toString"');
  });

  it('name the minion and the number of an attack it does not have, and the group of an empty minion list', () => {
    expect(() => attackAt(minionAt(stateWithMinion(), 'B1'), 3)).toThrow('no attack "B1#3"');
    expect(() => firstMinionOf([], 'G7')).toThrow('no first minion of group "G7"');
  });

  it('make a corrupt event stream fail on the event that names an unknown entity, leaving the state as it was', () => {
    const state = stateWithMinion();
    const before = JSON.stringify(state);
    expect(() =>
      evolve(state, event('DamageApplied', { minionId: 'ghost', amount: 2, hpBefore: 5, hpAfter: 3 })),
    ).toThrow(new MissingEntryError('minion', 'ghost'));
    expect(JSON.stringify(state)).toBe(before);
  });
});
