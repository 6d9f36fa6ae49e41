import type { Colour, GameSetup } from '../src';
import { HOUSE_MANA, combatSequence, standardSequence } from '../src';
import {
  archer,
  cast,
  createGame,
  event,
  game,
  given,
  monster,
  recruit,
  spell,
  targetSpell,
  turn,
  wholeTurn,
  order,
} from '../src/testing';
import { groupAt } from '../src';

const bolt = spell('bolt', { effects: [{ damage: { amount: 3, magical: true } }] });

describe('Board and entities (B1–B7)', () => {
  describe('B1 players and initiative', () => {
    it('B1: red holds initiative in turn 1 unless the set-up says otherwise; exactly one player holds it', () => {
      given([])
        .when(createGame(game()))
        .then(
          event('GameCreated', { initiative: 'red' }, { rule: 'B1', eventId: 'test@0' }),
          event('TurnStarted', { turn: 1, initiative: 'red' }, { rule: 'T1' }),
        )
        .andState((state) => {
          expect(state.initiative).toBe('red');
          expect(['red', 'blue']).toContain(state.initiative);
        });
      given([])
        .when(createGame(game().initiative('blue')))
        .then(event('TurnStarted', { turn: 1, initiative: 'blue' }))
        .andState((state) => expect(state.initiative).toBe('blue'));
    });

    it('B1: only red and blue give orders; neutral, the computer, is refused', () => {
      given(
        game()
          .spells(bolt)
          .hand('red', 'bolt')
          .group('N', 'neutral', [recruit('N1')]),
      )
        .when(targetSpell('neutral' as unknown as Colour, 'bolt', { minion: 'N1' }))
        .thenRejected({ kind: 'invalid', rule: 'B1', field: 'player' });
    });

    it('B1: neutral owns groups that both players may target', () => {
      given(
        game()
          .spells(bolt)
          .hand('red', 'bolt')
          .group('N', 'neutral', [recruit('N1', { hp: 3 })]),
      )
        .when(turn({ red: [cast('bolt', { minion: 'N1' })] }))
        .then(event('MinionDied', { minionId: 'N1' }), event('MinionBuried', { minionId: 'N1', player: 'neutral' }))
        .andState((state) => expect(state.players.neutral.graveyard).toEqual(['N1']));
    });
  });

  describe('B2 initiative sequences', () => {
    it('B2: the standard sequence is initiative → other → neutral; the combat sequence initiative → neutral → other', () => {
      expect(standardSequence('red')).toEqual(['red', 'blue', 'neutral']);
      expect(standardSequence('blue')).toEqual(['blue', 'red', 'neutral']);
      expect(combatSequence('red')).toEqual(['red', 'neutral', 'blue']);
      expect(combatSequence('blue')).toEqual(['blue', 'neutral', 'red']);
    });

    it('B2: at-start-of-turn effects bubble in the standard sequence: initiative player, other player, neutral', () => {
      const trait = (colour: Colour) => ({
        on: 'atStartOfTurn' as const,
        do: { gainMana: { player: colour, mana: { order: 1 } } },
      });
      const outcome = given([])
        .when(
          createGame(
            game()
              .initiative('blue')
              .group('N', 'neutral', [recruit('N1', { traits: [trait('red')] })])
              .group('R', 'red', [recruit('R1', { traits: [trait('red')] })])
              .group('B', 'blue', [recruit('B1', { traits: [trait('blue')] })]),
          ),
        )
        .then(
          event('TurnStarted', { turn: 1, initiative: 'blue' }),
          event('StartOfTurnEffectTriggered', { by: { minionId: 'B1' } }, { rule: 'T1' }),
          event('StartOfTurnEffectTriggered', { by: { minionId: 'R1' } }, { rule: 'T1' }),
          event('StartOfTurnEffectTriggered', { by: { minionId: 'N1' } }, { rule: 'T1' }),
        );
      expect(outcome.findAll(event('StartOfTurnEffectTriggered')).map((e) => e.data.subject)).toEqual([
        { minion: 'B1' },
        { minion: 'R1' },
        { minion: 'N1' },
      ]);
    });

    it('B2: spells execute in the standard sequence and attacks in the combat sequence', () => {
      const ping = spell('ping', { effects: [{ damage: { amount: 1, magical: true } }] });
      const outcome = given(
        game()
          .initiative('blue')
          .spells(ping)
          .hand('red', 'ping')
          .hand('blue', 'ping')
          .group('R', 'red', [recruit('R1', { hp: 9 })])
          .group('B', 'blue', [recruit('B1', { hp: 9 })]),
      )
        .when(
          turn({
            red: [cast('ping', { minion: 'B1' }), { attack: { attacker: 'R1', victim: 'B1' } }],
            blue: [cast('ping', { minion: 'R1' }), { attack: { attacker: 'B1', victim: 'R1' } }],
          }),
        )
        .then(
          event('SpellExecutionPhaseStarted', { orderIds: [order(3), order(1)] }, { rule: 'S7' }),
          event('CombatPhaseStarted', { orderIds: [order(4), order(2)] }, { rule: 'T3' }),
        );
      expect(outcome.findAll(event('SpellExecuting')).map((e) => e.data.player)).toEqual(['blue', 'red']);
      expect(outcome.findAll(event('AttackExecuting')).map((e) => e.data.player)).toEqual(['blue', 'red']);
    });
  });

  describe('B3 minions', () => {
    it('B3: a minion has max and current HP and armor, attacks, a status, an owner and a list of its spells', () => {
      const mark = spell('mark', { type: 'alteration' });
      const setup = game()
        .spells(mark)
        .group('B', 'blue', [
          archer('B1', { hp: 4, maxHp: 6, armor: 1, maxArmor: 2, attacks: [{ kind: 'missile', damage: 2 }] }),
        ])
        .activeSpell('A1', 'mark', 'red', { minion: 'B1' });
      given(setup)
        .when()
        .run()
        .andState((state) =>
          expect(state.minions.B1).toEqual({
            id: 'B1',
            kind: 'recruit',
            class: 'archer',
            owner: 'blue',
            groupId: 'B',
            maxHp: 6,
            hp: 4,
            maxArmor: 2,
            armor: 1,
            damageBonus: 0,
            attacks: [{ kind: 'missile', damage: 2 }],
            status: 'alive',
            traits: [],
            spells: ['A1'],
          }),
        );
    });

    it('B3: a minion that is neither recruit nor monster is refused at set-up', () => {
      const setup = game().build();
      setup.board.groups.push({
        id: 'B',
        owner: 'blue',
        square: 'A1',
        minions: [{ ...recruit('B1'), kind: 'dragon' as 'monster' }],
      });
      given([])
        .when(createGame(setup))
        .thenRejected({ kind: 'invalid', rule: 'B3', field: 'board.groups[0].minions[0].kind' });
    });
  });

  describe('B4 groups', () => {
    const withGroup = (minions: GameSetup['board']['groups'][number]['minions']): GameSetup => {
      const setup = game().build();
      setup.board.groups.push({ id: 'G', owner: 'blue', square: 'A1', minions });
      return setup;
    };

    it('B4: a group holds 1 to 8 minions: an empty group and a group of 9 are refused at set-up', () => {
      given([])
        .when(createGame(withGroup([])))
        .thenRejected({ kind: 'invalid', rule: 'B4' });
      const nine = Array.from({ length: 9 }, (_, i) => recruit(`M${i}`));
      given([])
        .when(createGame(withGroup(nine)))
        .thenRejected({ kind: 'invalid', rule: 'B4' });
      const eight = nine.slice(0, 8);
      given([])
        .when(createGame(withGroup(eight)))
        .then(event('GameCreated'))
        .andState((state) => expect(groupAt(state, 'G').minionIds).toHaveLength(8));
    });

    it('B4: a group never mixes recruits and monsters', () => {
      given([])
        .when(createGame(withGroup([recruit('M1'), monster('M2')])))
        .thenRejected({ kind: 'invalid', rule: 'B4', field: 'board.groups[0].minions' });
    });

    it('B4: a group has a square, an owner, one kind and its own spell list; every living minion is in exactly one group', () => {
      const banner = spell('banner', { type: 'alteration', target: { kind: 'group' } });
      given(
        game()
          .spells(banner, bolt)
          .hand('red', 'bolt')
          .group('R', 'red', [recruit('R1'), recruit('R2')], 'C3')
          .group('B', 'blue', [monster('B1', { hp: 2 }), monster('B2')], 'C3')
          .activeSpell('W', 'banner', 'blue', { group: 'B' }),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .then(event('MinionRemovedFromGroup', { minionId: 'B1', groupId: 'B' }))
        .andState((state) => {
          expect(state.groups.B).toEqual({
            id: 'B',
            owner: 'blue',
            square: 'C3',
            kind: 'monster',
            minionIds: ['B2'],
            spells: ['W'],
          });
          for (const minion of Object.values(state.minions)) {
            const groups = Object.values(state.groups).filter((group) => group.minionIds.includes(minion.id));
            if (minion.status === 'alive') {
              expect(groups.map((group) => group.id)).toEqual([minion.groupId]);
            } else {
              expect(groups).toEqual([]);
              expect(minion.groupId).toBeNull();
            }
          }
        });
    });
  });

  describe('B5 structures', () => {
    const raze = spell('raze', { target: { kind: 'structure' }, effects: [{ destroy: { category: 'dies' } }] });
    const setup = () =>
      game()
        .spells(raze)
        .hand('red', 'raze')
        .structure('S1', 'sanctum', 'blue', 'H8')
        .structure('T1', 'town', 'blue', 'E5');

    it('B5: a sanctum is never a spell target', () => {
      given(setup())
        .when(targetSpell('red', 'raze', { structure: 'S1' }))
        .thenRejected({ kind: 'rule', rule: 'B5', field: 'target' });
    });

    it('B5: a town is a structure spells can target', () => {
      given(setup())
        .when(turn({ red: [cast('raze', { structure: 'T1' })] }))
        .then(event('StructureDestroyed', { structureId: 'T1', category: 'dies' }), event('SpellResolved'))
        .andState((state) => {
          expect(state.structures.T1).toBeUndefined();
          expect(state.structures.S1).toBeDefined();
        });
    });
  });

  describe('B6 mana and houses', () => {
    it('B6: the twelve houses and their primary/secondary mana types are those of the rulebook', () => {
      expect(HOUSE_MANA).toEqual({
        abomination: ['will', 'strife'],
        body: ['world', 'mystery'],
        death: ['mystery', 'will'],
        despair: ['mystery', 'strife'],
        hope: ['clarity', 'order'],
        justice: ['order', 'mystery'],
        life: ['clarity', 'world'],
        making: ['order', 'will'],
        mind: ['will', 'clarity'],
        nature: ['world', 'order'],
        unmaking: ['strife', 'world'],
        war: ['strife', 'clarity'],
      });
    });

    it("B6: a spell's cost is paid in its house's two mana types, primary then secondary", () => {
      const verdict = spell('verdict', { house: 'justice', cost: { primary: 2, secondary: 1 } });
      given(
        game()
          .spells(verdict)
          .hand('blue', 'verdict')
          .group('R', 'red', [recruit('R1')]),
      )
        .when(targetSpell('blue', 'verdict', { minion: 'R1' }))
        .then(
          event('SpellTargeted', {
            player: 'blue',
            spell: 'verdict',
            cost: { order: 2, strife: 0, clarity: 0, mystery: 1, will: 0, world: 0 },
          }),
        )
        .andState((state) =>
          expect(state.players.blue.mana).toEqual({
            order: 8,
            strife: 10,
            clarity: 10,
            mystery: 9,
            will: 10,
            world: 10,
          }),
        );
    });

    it('B6/S4: mana of other types does not pay for a spell; the order is refused', () => {
      const verdict = spell('verdict', { house: 'justice', cost: { primary: 2, secondary: 1 } });
      given(
        game()
          .spells(verdict)
          .hand('blue', 'verdict')
          .mana('blue', { strife: 20, clarity: 20, will: 20, world: 20, order: 2 })
          .group('R', 'red', [recruit('R1')]),
      )
        .when(targetSpell('blue', 'verdict', { minion: 'R1' }))
        .thenRejected({ kind: 'rule', rule: 'S4', field: 'spell', reason: 'mystery' });
    });

    it('B6: a set-up naming an unknown house or mana type is refused', () => {
      const setup = game().build();
      setup.players.red.house = 'chaos' as 'death';
      given([]).when(createGame(setup)).thenRejected({ kind: 'invalid', rule: 'B6', field: 'players.red.house' });
      const mana = game().build();
      mana.players.blue.mana = { gold: 3 } as never;
      given([]).when(createGame(mana)).thenRejected({ kind: 'invalid', rule: 'B6', field: 'players.blue.mana.gold' });
    });
  });

  describe('B7 deck, hand and graveyard', () => {
    it('B7: every start of turn draws from the deck up to the hand size of 5', () => {
      const cards = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'].map((key) => spell(key));
      given([])
        .when(
          createGame(
            game()
              .spells(...cards)
              .hand('red', 'c1', 'c2')
              .deck('red', 'c3', 'c4', 'c5', 'c6', 'c7'),
          ),
        )
        .then(
          event('CardsDrawn', { player: 'red', cards: ['c3', 'c4', 'c5'], handSize: 5 }, { rule: 'B7' }),
          event('CardsDrawn', { player: 'blue', cards: [], handSize: 0 }, { rule: 'B7' }),
        )
        .andState((state) => {
          expect(state.players.red.hand).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
          expect(state.players.red.deck).toEqual(['c6', 'c7']);
        })
        .when(wholeTurn({ red: [{ discard: 'c1' }] }))
        .then(event('CardDiscarded'), event('CardsDrawn', { player: 'red', cards: ['c6'], handSize: 5 }))
        .andState((state) => {
          expect(state.players.red.hand).toEqual(['c2', 'c3', 'c4', 'c5', 'c6']);
          expect(state.players.red.deck).toEqual(['c7']);
        });
    });

    it('B7: each player has a graveyard list, empty at the start', () => {
      given(game())
        .when()
        .run()
        .andState((state) => {
          expect(state.players.red.graveyard).toEqual([]);
          expect(state.players.blue.graveyard).toEqual([]);
        });
    });
  });
});
