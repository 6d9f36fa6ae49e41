import type { TerrainDefinition } from '../model/spell-definition';

/**
 * B5 terrains that act (K1 "dies": "Damage from spells, spell effects, or terrain", "Drowning in water"). Stand-ins:
 * what the terrains do, and the numbers, are the project's assumptions [A]. A square names its terrain; a name
 * neither the set-up nor this catalog defines (plains, forest…) is a label and does nothing.
 */
export const TERRAINS: readonly TerrainDefinition[] = [
  {
    key: 'water',
    name: 'Water',
    // "Drowning in water": a group that comes into water, or stands in it after a start of turn, drowns (dies).
    triggers: [
      { on: 'groupEnters', do: { destroy: { category: 'dies' } } },
      { on: 'afterStartOfTurn', do: { destroy: { category: 'dies' } } },
    ],
  },
  {
    key: 'lava',
    name: 'Lava',
    // "Damage from … terrain": 2 magical damage to every minion of a group standing on it after each start of turn.
    triggers: [{ on: 'afterStartOfTurn', do: { damage: { amount: 2, magical: true } } }],
  },
];
