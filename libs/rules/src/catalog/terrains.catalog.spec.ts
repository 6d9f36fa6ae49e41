import {
  HEALS_WHEN_DIES,
  RETURNS_TO_LIFE_WHEN_DYING,
  ev,
  expectAbsent,
  expectSequence,
  group,
  playCatalogGame,
  swordsman,
} from './catalog-scenario.testing';
import { TERRAIN_CATALOG } from './index';

describe('terrain catalog (B5, K1 "dies": "terrain", "Drowning in water")', () => {
  it('B5: the catalog holds water and lava, each filed under its own key', () => {
    expect(Object.keys(TERRAIN_CATALOG).sort()).toEqual(['lava', 'water']);
    for (const [key, terrain] of Object.entries(TERRAIN_CATALOG)) expect(terrain.key).toBe(key);
  });

  it('K1/E1/E2: "Drowning in water" — a group standing in water after the start of turn drowns: category dies, so "is dying" (a dying-cancel) and "when dies" apply; a minion returned to life drowns again next turn', () => {
    const { events, state } = playCatalogGame({
      name: 'a group in water',
      groups: [
        group('G1', 'blue', 'W1', [
          swordsman('M1', 5, 0, 3, [RETURNS_TO_LIFE_WHEN_DYING]),
          swordsman('M2', 5, 0, 3, [HEALS_WHEN_DIES]),
        ]),
      ],
      squares: [{ id: 'W1', terrain: 'water' }],
      turns: [{}],
    });
    expectSequence(events, [
      ev('TurnStarted', { turn: 1 }),
      ev('TerrainEffectTriggered', { square: 'W1', terrain: 'water', groupId: 'G1', on: 'afterStartOfTurn' }),
      ev('DeathStarted', { minionId: 'M1', category: 'dies', attackerId: null, startStep: 'E1' }),
      ev('DyingCancelled', { minionId: 'M1', hp: 1 }),
      ev('DeathAverted', { minionId: 'M1' }),
      ev('DeathStarted', { minionId: 'M2', category: 'dies' }),
      ev('DiesEffectTriggered', { minionId: 'M2' }),
      ev('CardsDrawn'),
      ev('TurnStarted', { turn: 2 }),
      ev('TerrainEffectTriggered', { square: 'W1', groupId: 'G1' }),
      ev('DyingCancelled', { minionId: 'M1' }),
    ]);
    expectAbsent(events, [ev('KilledEffectTriggered'), ev('MinionDied', { minionId: 'M1' })]);
    expect(state.minions.M1?.status).toBe('alive');
  });

  it('K1/D5: "Damage from … terrain" — lava deals 2 magical damage to each minion of a group standing on it after each start of turn; a death from it is "dies"', () => {
    const { events } = playCatalogGame({
      name: 'a group on lava',
      groups: [group('G1', 'red', 'L1', [swordsman('M1', 3, 9, 3)])],
      squares: [{ id: 'L1', terrain: 'lava' }],
      turns: [{}],
    });
    expectSequence(events, [
      ev('TerrainEffectTriggered', { square: 'L1', terrain: 'lava', groupId: 'G1', on: 'afterStartOfTurn' }),
      ev('DamageIncoming', { minionId: 'M1', amount: 2, damage: { magical: true }, attackerId: null }),
      ev('DamageApplied', { minionId: 'M1', hpBefore: 3, hpAfter: 1 }),
      ev('TurnStarted', { turn: 2 }),
      ev('DamageCapped', { minionId: 'M1', from: 2, to: 1 }),
      ev('DamageApplied', { minionId: 'M1', hpBefore: 1, hpAfter: 0 }),
      ev('MinionDied', { minionId: 'M1', category: 'dies', attackerId: null }),
    ]);
    expectAbsent(events, [ev('ArmorSoaked')]);
  });

  it('B5: plains, forest and other names the catalog does not hold are labels: nothing acts', () => {
    const { events } = playCatalogGame({
      name: 'labels',
      groups: [group('G1', 'red', 'P1', [swordsman('M1')])],
      turns: [{}],
    });
    expectAbsent(events, [ev('TerrainEffectTriggered')]);
  });
});
