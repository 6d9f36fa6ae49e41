/**
 * Counterexamples the properties found, shrunk by hand to their smallest game. Every property checks them first
 * (fast-check `examples`), so a bug once found stays covered whatever the seed.
 */
import type { GameSetup, MinionSpec, SpellDefinition } from '../../src';
import type { GamePlan, OrderPlan } from './game.arbitrary';

const spell = (key: string, more: Partial<SpellDefinition>): SpellDefinition => ({
  key,
  name: key,
  house: 'death',
  type: 'manifestation',
  target: { kind: 'minion' },
  cost: { primary: 0, secondary: 0 },
  visible: true,
  cumulative: false,
  oncePerGame: false,
  effects: [],
  triggers: [],
  ...more,
});

/** Red holds the cards; blue has one group of one monster, M1. */
const oneMinionGame = (spells: SpellDefinition[], hand: string[], minion: MinionSpec): GameSetup => ({
  name: 'counterexample',
  seed: 0,
  initiative: 'red',
  spells: Object.fromEntries(spells.map((definition) => [definition.key, definition])),
  players: {
    red: { house: 'death', mana: {}, hand, deck: [] },
    blue: { house: 'war', mana: {}, hand: [], deck: [] },
  },
  board: {
    groups: [{ id: 'G1', owner: 'blue', square: 'A1', minions: [{ ...minion, id: 'M1' }] }],
    structures: [],
    activeSpells: [],
  },
});

/** Red casts its first legal option (spells and targets in name order). */
const redCasts: OrderPlan = { player: 'red', kind: 'cast', pick: 0, variant: 0, focus: false };
const turn = (orders: OrderPlan[]): GamePlan['turns'][number] => ({ orders, confirmFirst: 'red', late: false });

const bolt = spell('bolt', { effects: [{ damage: { amount: 1, magical: true } }] });

export const COUNTEREXAMPLES: Record<string, GamePlan> = {
  /**
   * D3/D4: a 1-damage bolt on a 1-HP minion whose "after armor" effect adds 1. The cap at current HP comes before
   * the effect, so D4 applied 2 and left HP at −1. Fixed since (the cap holds after the effects too); kept as a
   * regression example.
   */
  afterArmorRaisePastHp: {
    setup: oneMinionGame([bolt], ['bolt'], {
      kind: 'monster',
      hp: 1,
      armor: 0,
      attacks: [],
      traits: [{ on: 'afterArmor', do: { modifyDamage: { by: 1 } } }],
    }),
    turns: [turn([redCasts])],
  },
  /**
   * E1–E3: a minion whose dying-cancel returns it at 0 HP (E1.2: its death goes on) and whose next "is dying"
   * effect damages it. Being alive again at 0 HP, it takes the damage, is killed, and a second death pipeline runs
   * inside the first (again and again, up to the trigger depth); the innermost one buries it and its group dies,
   * then each outer one carries on to E2 and E3 for the same minion: MinionDied again, then
   * MinionRemovedFromGroup on a group that is gone, and `execute` throws a TypeError.
   */
  nestedDeathOfOneMinion: {
    setup: oneMinionGame([bolt], ['bolt'], {
      kind: 'monster',
      hp: 1,
      armor: 0,
      attacks: [],
      traits: [
        { on: 'isDying', do: { returnToLife: { hp: 0 } } },
        { on: 'isDying', do: { damage: { amount: 1 } } },
      ],
    }),
    turns: [turn([redCasts])],
  },
  /**
   * S1/S3: an alteration giving −1 armor and −2 max HP to a minion with 0 armor and 2 max HP is clamped (max armor
   * stays 0, max HP becomes 1) but records the full change; dispelling it undoes the recorded change, so the
   * minion ends with 1 armor and 3/3 HP, more than it ever had. Fixed since (StatsModified records the change as
   * applied); kept as a regression example.
   */
  statChangeUndoneBeyondWhatItDid: {
    setup: oneMinionGame(
      [
        spell('might', { type: 'alteration', effects: [{ modifyStats: { armor: -1, maxHp: -2 } }] }),
        spell('purge', { effects: [{ dispel: { which: 'all' } }] }),
      ],
      ['might', 'purge'],
      { kind: 'monster', hp: 2, armor: 0, attacks: [] },
    ),
    // Turn 1 casts "might" on M1; in turn 2 only "purge" is left (S9: M1 holds a visible "might").
    turns: [turn([redCasts]), turn([redCasts])],
  },
};
