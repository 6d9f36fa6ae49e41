import type { Colour, GameSetup } from '../src';
import { HOUSE_MANA, combatSequence, standardSequence } from '../src';
import {
  archer,
  attack,
  cast,
  collectGarbage,
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
            cannotBeTargetedBy: [],
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
            heldBy: null,
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

describe('terrain and movement (B5, K1 "dies", [A])', () => {
  const march = (to: string) =>
    spell(`march-${to.toLowerCase()}`, {
      house: 'war',
      target: { kind: 'group', side: 'friendly' },
      effects: [{ move: { to } }],
    });
  const watcher = (id: string, hp = 3) =>
    recruit(id, {
      hp,
      traits: [
        { on: 'isDying', do: { gainMana: { player: 'blue', mana: { order: 1 } } } },
        { on: 'whenKilled', do: { gainMana: { player: 'blue', mana: { strife: 1 } } } },
        { on: 'whenDies', do: { gainMana: { player: 'blue', mana: { clarity: 1 } } } },
      ],
    });

  it('K1/B5: "Drowning in water" — a group that comes into water drowns: every minion dies (category "dies": "is dying" and "when dies" effects apply, "when killed" does not), and the group is gone', () => {
    given(
      game()
        .spells(march('W1'))
        .hand('blue', 'march-w1')
        .square('W1', 'water')
        .group('B', 'blue', [watcher('B1'), watcher('B2')], 'C3'),
    )
      .when(turn({ blue: [cast('march-w1', { group: 'B' })] }))
      .then(
        event('GroupMoved', { groupId: 'B', from: 'C3', to: 'W1' }, { rule: 'A' }),
        event(
          'TerrainEffectTriggered',
          {
            square: 'W1',
            terrain: 'water',
            groupId: 'B',
            on: 'groupEnters',
            action: { destroy: { category: 'dies' } },
          },
          { rule: 'A' },
        ),
        event('DeathStarted', { minionId: 'B1', category: 'dies', attackerId: null, startStep: 'E1' }),
        event('DyingEffectTriggered', { minionId: 'B1' }),
        event('MinionDied', { minionId: 'B1', category: 'dies' }),
        event('DiesEffectTriggered', { minionId: 'B1' }),
        event('MinionDied', { minionId: 'B2', category: 'dies' }),
        event('GroupDied', { groupId: 'B', category: 'dies' }),
      )
      .andNot(event('KilledEffectTriggered'))
      .andState((state) => expect(state.groups.B).toBeUndefined());
  });

  it('K1/B5/T1 [A]: "Damage from … terrain" at a moment defined here — after the start of turn (the start-of-turn effects and expiries done, before the draw) lava deals its damage to every minion standing on it; a death from it "dies"', () => {
    const fog = spell('fog', { type: 'conjuration', house: 'mind', target: { kind: 'square' }, duration: 1 });
    given(
      game()
        .spells(fog)
        .hand('red', 'fog')
        .deck('red', 'fog')
        .square('L1', 'lava')
        .group('B', 'blue', [watcher('B1', 3), watcher('B2', 1)], 'L1'),
      // Turn 1's start already burnt both (3 → 1, 1 → dead); red's fog lasts until turn 2's start.
      turn({ red: [cast('fog', { square: 'E5' })] }),
    )
      .when(collectGarbage())
      .thenConsecutive(
        event('TurnStarted', { turn: 2 }),
        event('SpellExpired', { spell: 'fog' }, { rule: 'S1' }),
        event('TerrainEffectTriggered', { square: 'L1', terrain: 'lava', groupId: 'B', on: 'afterStartOfTurn' }),
        event('DamageIncoming', { minionId: 'B1', amount: 2, attackerId: null, damage: { magical: true } }),
      )
      .and(
        event('DamageApplied', { minionId: 'B1', hpBefore: 1 }),
        event('MinionDied', { minionId: 'B1', category: 'dies', attackerId: null }),
        event('GroupDied', { groupId: 'B', category: 'dies' }),
        event('CardsDrawn', { player: 'red' }),
      );
  });

  it("B5: a terrain nothing defines is a plain label; a set-up may define its own terrain (it wins over the catalog's), and GameCreated records the terrains its squares use", () => {
    const shallows = {
      key: 'water',
      name: 'Shallows',
      triggers: [{ on: 'groupEnters' as const, do: { heal: { amount: 1 } } }],
    };
    given([])
      .when(createGame(game().square('P1', 'plains').square('W1', 'water').square('S1', 'swamp').terrains(shallows)))
      .then(event('GameCreated', { terrains: { water: shallows } }))
      .andState((state) => {
        expect(Object.keys(state.terrains)).toEqual(['water']);
        expect(state.squares.P1?.terrain).toBe('plains');
      });
    const created = given([])
      .when(createGame(game().square('P1', 'plains')))
      .run()
      .find(event('GameCreated'));
    expect('terrains' in created.data).toBe(false);
    given([])
      .when(createGame(game().square('L1', 'lava')))
      .then(event('GameCreated', { terrains: { lava: { key: 'lava', name: 'Lava' } } }));
  });

  it('B5 [A]: occupancy — a group may not enter a square where another group of its owner stands (GroupMoveBlocked naming it); it may enter one an enemy group holds', () => {
    given(
      game()
        .spells(march('C3'), march('D4'))
        .hand('blue', 'march-c3', 'march-d4')
        .group('B', 'blue', [recruit('B1')], 'A1')
        .group('B2', 'blue', [recruit('B3')], 'C3')
        .group('R', 'red', [recruit('R1')], 'D4'),
    )
      .when(turn({ blue: [cast('march-c3', { group: 'B' }), cast('march-d4', { group: 'B' })] }))
      .then(
        event(
          'GroupMoveBlocked',
          { groupId: 'B', from: 'A1', to: 'C3', reason: 'occupied', blockedBy: 'B2' },
          { rule: 'A' },
        ),
        event('GroupMoved', { groupId: 'B', from: 'A1', to: 'D4' }, { rule: 'A' }),
      )
      .andCount(event('GroupMoved'), 1)
      .andState((state) => expect(groupAt(state, 'B').square).toBe('D4'));
  });

  it("T3 [A]: a group moved away during the spell execution phase is no longer on its enemy's square: the attack fizzles (not-same-square), naming the move", () => {
    const outcome = given(
      game()
        .spells(march('E5'))
        .hand('blue', 'march-e5')
        .group('R', 'red', [recruit('R1')], 'A1')
        .group('B', 'blue', [recruit('B1')], 'A1'),
    )
      .when(turn({ red: [attack('R1', 'B1')], blue: [cast('march-e5', { group: 'B' })] }))
      .then(
        event('GroupMoved', { groupId: 'B', from: 'A1', to: 'E5' }),
        event('AttackExecuting', { attackerId: 'R1' }),
        event('AttackFizzled', { reason: 'not-same-square' }, { rule: 'T3' }),
      )
      .andNot(event('DamageIncoming'));
    const moved = outcome.find(event('GroupMoved'));
    expect(outcome.find(event('AttackFizzled')).data.reasonEventId).toBe(moved.metadata.eventId);
  });
});
