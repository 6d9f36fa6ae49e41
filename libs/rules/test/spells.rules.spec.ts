import type { MinionSpec } from '../src';
import {
  cancelOrder,
  cast,
  collectGarbage,
  confirm,
  createGame,
  discardSpell,
  event,
  game,
  given,
  recruit,
  spell,
  targetSpell,
  turn,
  wholeTurn,
  order,
} from '../src/testing';
import { groupAt, minionAt, runScenario, squareAt } from '../src';

const bolt = spell('bolt', { effects: [{ damage: { amount: 3, magical: true } }] });
const ping = spell('ping', { effects: [{ damage: { amount: 1, magical: true } }] });
/** Costs 2 mystery + 1 will (house death). */
const hex = spell('hex', { type: 'alteration', target: { kind: 'minion' }, cost: { primary: 2, secondary: 1 } });
const mark = spell('mark', { type: 'alteration', target: { kind: 'minion' } });
const curse = spell('curse', { type: 'alteration', target: { kind: 'minion' }, visible: false });
const cleanse = spell('cleanse', { house: 'hope', effects: [{ dispel: { which: 'all' } }] });
const wolf: MinionSpec = { kind: 'monster', class: 'wolf', hp: 4, armor: 0, attacks: [{ kind: 'hand', damage: 2 }] };
const callWolves = spell('call-wolves', {
  type: 'summoning',
  house: 'nature',
  target: { kind: 'square' },
  effects: [{ summon: { minions: [wolf, wolf] } }],
});
const quicksand = spell('quicksand', { type: 'alteration', house: 'body', target: { kind: 'square' } });

const SPELLS = [bolt, ping, hex, mark, curse, cleanse, callWolves, quicksand];
const MANA_10 = { order: 10, strife: 10, clarity: 10, mystery: 10, will: 10, world: 10 };

const board = () =>
  game()
    .spells(...SPELLS)
    .group('R', 'red', [recruit('R1')])
    .group('B', 'blue', [recruit('B1'), recruit('B2')]);

describe('Spells (S1–S12)', () => {
  describe('S1 spell types', () => {
    it('S1: an instant (manifestation) takes effect and leaves play at once: SpellResolved, never active', () => {
      given(board().hand('red', 'bolt'))
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .thenConsecutive(
          event(
            'SpellExecuting',
            { orderId: order(1), player: 'red', spell: 'bolt', target: { minion: 'B1' } },
            { rule: 'S3' },
          ),
          event('DamageIncoming', { minionId: 'B1' }),
          event('DamageApplied', { minionId: 'B1', amount: 3 }),
          event('DamageResolved', { minionId: 'B1' }),
          event('SpellResolved', { orderId: order(1) }, { rule: 'S1' }),
        )
        .andNot(event('SpellActivated'))
        .andState((state, orderId) => {
          expect(state.activeSpells).toEqual({});
          expect(state.orders[orderId(1)]).toMatchObject({ outcome: 'resolved' });
        });
    });

    it('S1: an alteration becomes active on its host and stays until the host goes or it is dispelled', () => {
      given(board().hand('red', 'mark'))
        .when(wholeTurn({ red: [cast('mark', { minion: 'B1' })] }), wholeTurn(), wholeTurn())
        .then(
          event('SpellActivated', {
            orderId: order(1),
            activeSpellId: 'active.1',
            spell: 'mark',
            owner: 'red',
            host: { minion: 'B1' },
            visible: true,
            expiresAtTurn: null,
          }),
          event('TurnStarted', { turn: 4 }),
        )
        .andNot(event('SpellResolved'), event('SpellExpired'), event('SpellDispelled'))
        .andState((state) => expect(minionAt(state, 'B1').spells).toEqual(['active.1']));
    });

    it('S1: a conjuration ends after its set duration, at the start of the turn it runs out in', () => {
      const fog = spell('fog', {
        type: 'conjuration',
        house: 'mind',
        target: { kind: 'minion' },
        duration: 2,
        effects: [{ modifyStats: { maxHp: 2 } }],
      });
      given(board().spells(fog).hand('blue', 'fog'))
        .when(wholeTurn({ blue: [cast('fog', { minion: 'B1' })] }))
        .then(
          event('SpellActivated', { spell: 'fog', host: { minion: 'B1' }, expiresAtTurn: 3 }),
          event('StatsModified', { minionId: 'B1', maxHp: 2, maxHpAfter: 7, hpAfter: 7 }),
          event('TurnStarted', { turn: 2 }),
        )
        .andNot(event('SpellExpired'))
        .andState((state) => expect(state.minions.B1).toMatchObject({ maxHp: 7, hp: 7, spells: ['active.1'] }))
        .when(wholeTurn())
        .thenConsecutive(
          event('TurnStarted', { turn: 3 }),
          event('StatsModified', { minionId: 'B1', maxHp: -2, maxHpAfter: 5, hpAfter: 5 }, { rule: 'S1' }),
          event('SpellExpired', { activeSpellId: 'active.1', spell: 'fog', host: { minion: 'B1' } }, { rule: 'S1' }),
        )
        .andState((state) => {
          expect(state.activeSpells).toEqual({});
          expect(state.minions.B1).toMatchObject({ maxHp: 5, hp: 5, spells: [] });
          expect(state.players.blue.activeSpells).toEqual([]);
        });
    });

    it('S1: a summoning creates a monster group on a square', () => {
      const outcome = given(board().hand('red', 'call-wolves'))
        .when(turn({ red: [cast('call-wolves', { square: 'C3' })] }))
        .thenConsecutive(
          event('SpellExecuting', { spell: 'call-wolves' }),
          event('GroupCreated', { owner: 'red', square: 'C3', kind: 'monster' }, { rule: 'S1' }),
          event('MinionCreated', { owner: 'red', minion: { kind: 'monster', class: 'wolf', hp: 4 } }, { rule: 'S1' }),
          event('MinionCreated', { owner: 'red', minion: { kind: 'monster', class: 'wolf', hp: 4 } }, { rule: 'S1' }),
          event('SpellResolved'),
        );
      const { groupId } = outcome.find(event('GroupCreated')).data;
      expect(outcome.state.groups[groupId]).toMatchObject({ owner: 'red', square: 'C3', kind: 'monster' });
      expect(groupAt(outcome.state, groupId).minionIds).toHaveLength(2);
    });

    it('S1: a hero spell creates a hero recruit in a friendly group', () => {
      const hero = spell('hero', {
        type: 'hero',
        house: 'hope',
        target: { kind: 'group', side: 'friendly', groupKind: 'recruit' },
        effects: [
          {
            summon: {
              minions: [{ kind: 'recruit', class: 'hero', hp: 9, armor: 2, attacks: [{ kind: 'hand', damage: 4 }] }],
            },
          },
        ],
      });
      const outcome = given(board().spells(hero).hand('red', 'hero'))
        .when(turn({ red: [cast('hero', { group: 'R' })] }))
        .then(
          event('MinionCreated', { groupId: 'R', owner: 'red', minion: { class: 'hero' } }, { rule: 'S1' }),
          event('SpellResolved'),
        );
      const heroId = outcome.find(event('MinionCreated')).data.minion.id;
      expect(groupAt(outcome.state, 'R').minionIds).toEqual(['R1', heroId]);
    });
  });

  describe('S2 targets', () => {
    it('S2: a spell only targets what its target rule allows: kind, side and group kind', () => {
      const smite = spell('smite', { target: { kind: 'minion', side: 'enemy' } });
      const rally = spell('rally', { target: { kind: 'group', groupKind: 'monster' } });
      const setup = () => board().spells(smite, rally).hand('red', 'smite', 'rally');
      given(setup())
        .when(targetSpell('red', 'smite', { group: 'B' }))
        .thenRejected({ kind: 'rule', rule: 'S2', field: 'target' });
      given(setup())
        .when(targetSpell('red', 'smite', { minion: 'R1' }))
        .thenRejected({ kind: 'rule', rule: 'S2', reason: 'enemy' });
      given(setup())
        .when(targetSpell('red', 'rally', { group: 'B' }))
        .thenRejected({ kind: 'rule', rule: 'S2', reason: 'monster' });
      given(setup())
        .when(targetSpell('red', 'smite', { minion: 'NOBODY' }))
        .thenRejected({ kind: 'not-found', rule: 'S2' });
      given(setup())
        .when(targetSpell('red', 'smite', { minion: 'B1' }))
        .then(event('SpellTargeted', { spell: 'smite', target: { minion: 'B1' } }));
    });
  });

  describe('S3 life of a spell', () => {
    it('S3: hand → targeted (an order) → may be cancelled until confirmed → executing after both confirm', () => {
      given(board().hand('red', 'bolt', 'ping'))
        .when(targetSpell('red', 'bolt', { minion: 'B1' }))
        .then(
          event(
            'SpellTargeted',
            { orderId: order(1), player: 'red', spell: 'bolt', target: { minion: 'B1' } },
            { rule: 'S3' },
          ),
        )
        .andState((state, orderId) => {
          expect(state.players.red.hand).toEqual(['ping']);
          expect(state.orderIds).toEqual([orderId(1)]);
        })
        .when(cancelOrder('red', order(1)))
        .then(event('SpellUntargeted', { orderId: order(1), player: 'red', spell: 'bolt' }))
        .andState((state) => {
          expect(state.players.red.hand).toEqual(['ping', 'bolt']);
          expect(state.orders).toEqual({});
        })
        .when(targetSpell('red', 'ping', { minion: 'B2' }), confirm('red'))
        .then(event('OrdersConfirmed', { player: 'red' }))
        .andNot(event('SpellExecuting'))
        .when(cancelOrder('red', order(2)))
        .thenRejected({ kind: 'phase', rule: 'T2' });
    });

    it('S3: only a spell in the player’s hand can be targeted', () => {
      given(board().hand('red', 'ping'))
        .when(targetSpell('red', 'bolt', { minion: 'B1' }))
        .thenRejected({ kind: 'rule', rule: 'S3', field: 'spell' });
    });
  });

  describe('S4 costs', () => {
    it('S4: the cost is paid from the mana pool when the spell is targeted', () => {
      given(board().hand('red', 'hex'))
        .when(targetSpell('red', 'hex', { minion: 'B1' }))
        .then(
          event(
            'SpellTargeted',
            { cost: { order: 0, strife: 0, clarity: 0, mystery: 2, will: 1, world: 0 } },
            { rule: 'S3' },
          ),
        )
        .andState((state) => expect(state.players.red.mana).toEqual({ ...MANA_10, mystery: 8, will: 9 }));
    });

    it('S4: cancelling the order before confirming refunds the cost', () => {
      given(board().hand('red', 'hex'), targetSpell('red', 'hex', { minion: 'B1' }))
        .when(cancelOrder('red', order(1)))
        .then(
          event('SpellUntargeted', { orderId: order(1), refund: { mystery: 2, will: 1, order: 0 } }, { rule: 'S4' }),
        )
        .andState((state) => {
          expect(state.players.red.mana).toEqual(MANA_10);
          expect(state.players.red.hand).toEqual(['hex']);
        });
    });

    it('S4: a squandered spell’s mana is not refunded', () => {
      given(
        board()
          .initiative('blue')
          .hand('red', 'hex')
          .hand('blue', 'bolt')
          .group('C', 'blue', [recruit('C1', { hp: 2 })]),
      )
        .when(wholeTurn({ red: [cast('hex', { minion: 'C1' })], blue: [cast('bolt', { minion: 'C1' })] }))
        .then(
          event('MinionDied', { minionId: 'C1' }),
          event('SpellSquandered', { orderId: order(1), reason: 'target-dead' }),
          event('ManaGenerated', { player: 'red', pool: { mystery: 8, will: 9 } }),
        )
        .andState((state) => {
          expect(state.players.red.mana).toEqual({ ...MANA_10, mystery: 8, will: 9 });
          expect(state.players.red.hand).toEqual([]);
        });
    });

    it('S4: a spell its player cannot pay for is refused', () => {
      given(board().hand('red', 'hex').mana('red', { mystery: 1, will: 5 }))
        .when(targetSpell('red', 'hex', { minion: 'B1' }))
        .thenRejected({ kind: 'rule', rule: 'S4', field: 'spell' });
    });
  });

  describe('S5 non-cumulative targeting', () => {
    it('S5: a second copy of the same spell on the same target in one turn is refused when given', () => {
      given(board().hand('red', 'ping', 'ping'), targetSpell('red', 'ping', { minion: 'B1' }))
        .when(targetSpell('red', 'ping', { minion: 'B1' }))
        .thenRejected({ kind: 'rule', rule: 'S5', field: 'target' });
    });

    it('S5: the same spell on another target, or a cumulative spell on the same target, is allowed', () => {
      const swarm = spell('swarm', { cumulative: true, effects: [{ damage: { amount: 1, magical: true } }] });
      given(board().spells(swarm).hand('red', 'ping', 'ping', 'swarm', 'swarm'))
        .when(
          turn({
            red: [
              cast('ping', { minion: 'B1' }),
              cast('ping', { minion: 'B2' }),
              cast('swarm', { minion: 'B1' }),
              cast('swarm', { minion: 'B1' }),
            ],
          }),
        )
        .then(event('SpellExecutionPhaseStarted', { orderIds: [order(1), order(2), order(3), order(4)] }))
        .andCount(event('SpellResolved'), 4)
        .andState((state) => {
          expect(minionAt(state, 'B1').hp).toBe(2);
          expect(minionAt(state, 'B2').hp).toBe(4);
        });
    });
  });

  describe('S6 the same spell from both players', () => {
    it('S6: both cast the same alteration on one target: the initiative side’s becomes active, the other squanders', () => {
      given(board().initiative('blue').hand('red', 'mark').hand('blue', 'mark'))
        .when(turn({ red: [cast('mark', { minion: 'B1' })], blue: [cast('mark', { minion: 'B1' })] }))
        .then(
          event('SpellExecuting', { orderId: order(2), player: 'blue' }),
          event('SpellActivated', { orderId: order(2), owner: 'blue', host: { minion: 'B1' } }),
          event('SpellExecuting', { orderId: order(1), player: 'red' }),
          event('SpellSquandered', { orderId: order(1), reason: 'blocked-by-active-copy' }, { rule: 'S6' }),
        )
        .andCount(event('SpellActivated'), 1)
        .andState((state) => {
          expect(minionAt(state, 'B1').spells).toEqual(['active.1']);
          expect(state.activeSpells['active.1']).toMatchObject({ owner: 'blue', spell: 'mark' });
          expect(state.players.red.activeSpells).toEqual([]);
          expect(state.players.red.mana.mystery).toBe(9);
        });
    });

    it('S6: both cast the same instant on one target: both succeed', () => {
      given(board().hand('red', 'ping').hand('blue', 'ping'))
        .when(turn({ red: [cast('ping', { minion: 'B1' })], blue: [cast('ping', { minion: 'B1' })] }))
        .then(
          event('DamageApplied', { minionId: 'B1', hpBefore: 5, hpAfter: 4 }),
          event('SpellResolved', { orderId: order(1) }),
          event('DamageApplied', { minionId: 'B1', hpBefore: 4, hpAfter: 3 }),
          event('SpellResolved', { orderId: order(2) }),
        )
        .andNot(event('SpellSquandered'))
        .andState((state) => expect(minionAt(state, 'B1').hp).toBe(3));
    });
  });

  describe('S7 execution order', () => {
    it('S7: all the initiative player’s spells execute first, then the other’s, each in the order issued', () => {
      const outcome = given(board().initiative('blue').hand('red', 'ping', 'mark').hand('blue', 'ping', 'mark'))
        .when(
          targetSpell('red', 'ping', { minion: 'B1' }),
          targetSpell('blue', 'mark', { minion: 'R1' }),
          targetSpell('red', 'mark', { minion: 'B2' }),
          targetSpell('blue', 'ping', { minion: 'R1' }),
          confirm('blue'),
          confirm('red'),
        )
        .then(
          event('SpellExecutionPhaseStarted', { orderIds: [order(2), order(4), order(1), order(3)] }, { rule: 'S7' }),
        );
      expect(outcome.findAll(event('SpellExecuting')).map((e) => `${e.data.player}:${e.data.spell}`)).toEqual([
        'blue:mark',
        'blue:ping',
        'red:ping',
        'red:mark',
      ]);
    });
  });

  describe('S8 active spell lists', () => {
    it('S8: each active spell has an owner and a host; player and host lists are in casting order, oldest first', () => {
      given(
        board().hand('red', 'mark', 'hex').hand('blue', 'curse').activeSpell('OLD', 'mark', 'red', { minion: 'R1' }),
      )
        .when(
          turn({
            red: [cast('mark', { minion: 'B1' }), cast('hex', { minion: 'B1' })],
            blue: [cast('curse', { minion: 'B1' })],
          }),
        )
        .then(
          event(
            'SpellActivated',
            { activeSpellId: 'active.1', spell: 'mark', owner: 'red', host: { minion: 'B1' } },
            { rule: 'S8' },
          ),
          event(
            'SpellActivated',
            { activeSpellId: 'active.2', spell: 'hex', owner: 'red', host: { minion: 'B1' } },
            { rule: 'S8' },
          ),
          event(
            'SpellActivated',
            { activeSpellId: 'active.3', spell: 'curse', owner: 'blue', visible: false },
            { rule: 'S8' },
          ),
        )
        .andState((state) => {
          expect(minionAt(state, 'B1').spells).toEqual(['active.1', 'active.2', 'active.3']);
          expect(state.players.red.activeSpells).toEqual(['OLD', 'active.1', 'active.2']);
          expect(state.players.blue.activeSpells).toEqual(['active.3']);
          expect(state.activeSpells['active.2']).toMatchObject({ owner: 'red', host: { minion: 'B1' }, visible: true });
        });
    });
    it('S8: the globe keeps its own list of active (global) spells', () => {
      const omen = spell('omen', { type: 'alteration', house: 'despair', target: { kind: 'globe' } });
      given(board().spells(omen).hand('red', 'omen'))
        .when(turn({ red: [cast('omen', { globe: true })] }))
        .then(event('SpellActivated', { spell: 'omen', owner: 'red', host: { globe: true } }, { rule: 'S8' }))
        .andState((state) => {
          expect(state.globe.spells).toEqual(['active.1']);
          expect(state.players.red.activeSpells).toEqual(['active.1']);
        });
    });

    it('S8: a square keeps its own list of active spells, also a square nothing stood on before', () => {
      given(board().hand('blue', 'quicksand'))
        .when(turn({ blue: [cast('quicksand', { square: 'C3' })] }))
        .then(event('SpellActivated', { spell: 'quicksand', owner: 'blue', host: { square: 'C3' } }, { rule: 'S8' }))
        .andState((state) => {
          expect(squareAt(state, 'C3').spells).toEqual(['active.1']);
          expect(state.players.blue.activeSpells).toEqual(['active.1']);
        });
    });
  });

  describe('S9 visibility', () => {
    it('S9: a dispel removes visible spells and ignores non-visible ones', () => {
      given(
        board()
          .hand('blue', 'cleanse')
          .activeSpell('M', 'mark', 'red', { minion: 'B1' })
          .activeSpell('C', 'curse', 'red', { minion: 'B1' }),
      )
        .when(turn({ blue: [cast('cleanse', { minion: 'B1' })] }))
        .thenConsecutive(
          event('SpellExecuting', { spell: 'cleanse' }),
          event('SpellDispelled', { activeSpellId: 'M', spell: 'mark', reason: 'dispelled' }, { rule: 'S9' }),
          event('SpellResolved'),
        )
        .andCount(event('SpellDispelled'), 1)
        .andState((state) => {
          expect(minionAt(state, 'B1').spells).toEqual(['C']);
          expect(state.players.red.activeSpells).toEqual(['C']);
        });
    });

    it('S9: a host holds at most one copy of a visible alteration; a second is refused when targeted', () => {
      given(board().hand('red', 'mark').activeSpell('M', 'mark', 'blue', { minion: 'B1' }))
        .when(targetSpell('red', 'mark', { minion: 'B1' }))
        .thenRejected({ kind: 'rule', rule: 'S9', field: 'target' });
    });

    it('S9: non-visible spells are cumulative: a host may hold several copies', () => {
      given(board().hand('red', 'curse').activeSpell('C', 'curse', 'red', { minion: 'B1' }))
        .when(turn({ red: [cast('curse', { minion: 'B1' })] }))
        .then(event('SpellActivated', { spell: 'curse', host: { minion: 'B1' }, visible: false }))
        .andState((state) => expect(minionAt(state, 'B1').spells).toEqual(['C', 'active.1']));
    });
  });

  describe('S10 requirements checked again at execution', () => {
    it('S10: a square spell squanders when a group has entered its square earlier in the turn (square-occupied)', () => {
      given(board().hand('red', 'call-wolves').hand('blue', 'quicksand'))
        .when(turn({ red: [cast('call-wolves', { square: 'C3' })], blue: [cast('quicksand', { square: 'C3' })] }))
        .then(
          event('GroupCreated', { square: 'C3' }),
          event('SpellExecuting', { orderId: order(2), spell: 'quicksand' }),
          event('SpellSquandered', { orderId: order(2), reason: 'square-occupied' }, { rule: 'S10' }),
        )
        .andNot(event('SpellActivated'))
        .andState((state) => {
          expect(squareAt(state, 'C3').spells).toEqual([]);
          expect(state.players.blue.activeSpells).toEqual([]);
        });
    });

    it('S10: a square spell cannot be targeted on a square that already holds a group', () => {
      given(board().hand('blue', 'quicksand'))
        .when(targetSpell('blue', 'quicksand', { square: 'A1' }))
        .thenRejected({ kind: 'rule', rule: 'S10', field: 'target' });
    });

    it('S10: a minion spell squanders when its target died earlier in the turn', () => {
      given(
        board()
          .hand('red', 'bolt', 'ping')
          .group('C', 'blue', [recruit('C1', { hp: 3 })]),
      )
        .when(turn({ red: [cast('bolt', { minion: 'C1' }), cast('ping', { minion: 'C1' })] }))
        .then(
          event('MinionDied', { minionId: 'C1' }),
          event('SpellSquandered', { orderId: order(2), reason: 'target-dead' }),
        );
    });
  });

  describe('S11 squandered spells', () => {
    it('S11: a squandered spell leaves play at once with no effect and never becomes active', () => {
      given(
        board()
          .initiative('blue')
          .hand('red', 'mark')
          .hand('blue', 'bolt')
          .group('C', 'blue', [recruit('C1', { hp: 3 })]),
      )
        .when(turn({ red: [cast('mark', { minion: 'C1' })], blue: [cast('bolt', { minion: 'C1' })] }))
        .then(event('SpellSquandered', { orderId: order(1) }))
        .andNot(event('SpellActivated'), event('SpellResolved', { orderId: order(1) }))
        .andState((state, orderId) => {
          expect(state.orders[orderId(1)]).toMatchObject({ outcome: 'squandered' });
          expect(state.activeSpells).toEqual({});
          expect(state.players.red.hand).toEqual([]);
        });
    });

    it('S11: a once-per-game spell whose cast squandered does not count as cast and may be cast again later', () => {
      const oath = spell('oath', { oncePerGame: true, effects: [{ heal: { amount: 1 } }] });
      given(
        board()
          .initiative('blue')
          .spells(oath)
          .hand('red', 'oath', 'oath', 'oath')
          .hand('blue', 'bolt')
          .group('N', 'neutral', [recruit('N1', { hp: 3 })]),
      )
        // Turn 1: blue (initiative) kills N1 first, so red's oath on it squanders.
        .when(wholeTurn({ red: [cast('oath', { minion: 'N1' })], blue: [cast('bolt', { minion: 'N1' })] }))
        .then(event('SpellSquandered', { orderId: order(1), reason: 'target-dead' }))
        .andState((state) => expect(state.players.red.castOnce).toEqual([]))
        // Turn 2: it may be cast again, and this time it succeeds.
        .when(wholeTurn({ red: [cast('oath', { minion: 'R1' })] }))
        .then(event('SpellTargeted', { spell: 'oath' }), event('SpellResolved'))
        .andState((state) => expect(state.players.red.castOnce).toEqual(['oath']))
        // Turn 3: now it has been cast once, a third copy is refused.
        .when(targetSpell('red', 'oath', { minion: 'R1' }))
        .thenRejected({ kind: 'rule', rule: 'S11', field: 'spell' });
    });

    it('S11: a second once-per-game copy cast in the same turn squanders (once-per-game)', () => {
      const oath = spell('oath', { oncePerGame: true, effects: [{ heal: { amount: 1 } }] });
      given(board().spells(oath).hand('red', 'oath', 'oath'))
        .when(turn({ red: [cast('oath', { minion: 'R1' }), cast('oath', { minion: 'B1' })] }))
        .then(
          event('SpellResolved', { orderId: order(1) }),
          event('SpellSquandered', { orderId: order(2), reason: 'once-per-game' }, { rule: 'S11' }),
        );
    });
  });

  describe('S12 discarding', () => {
    it('S12: one discard per turn, onto the whirlpool, free', () => {
      given(board().hand('red', 'bolt', 'ping', 'mark'))
        .when(discardSpell('red', 'bolt'))
        .then(event('CardDiscarded', { orderId: order(1), player: 'red', spell: 'bolt' }, { rule: 'S12' }))
        .andState((state) => {
          expect(state.players.red.hand).toEqual(['ping', 'mark']);
          expect(state.players.red.mana).toEqual(MANA_10);
          expect(state.players.red.discardedThisTurn).toBe(true);
        })
        .when(discardSpell('red', 'ping'))
        .thenRejected({ kind: 'rule', rule: 'S12', field: 'spell' });
    });

    it('S12: a cancelled discard returns the card and frees the discard; the next turn allows another', () => {
      given(board().hand('red', 'bolt', 'ping', 'mark'), discardSpell('red', 'bolt'))
        .when(cancelOrder('red', order(1)), discardSpell('red', 'ping'))
        .then(
          event('DiscardCancelled', { orderId: order(1), spell: 'bolt' }, { rule: 'S12' }),
          event('CardDiscarded', { orderId: order(2), spell: 'ping' }),
        )
        .andState((state) => expect(state.players.red.hand).toEqual(['mark', 'bolt']))
        .when(wholeTurn(), discardSpell('red', 'mark'))
        .then(event('TurnStarted', { turn: 2 }), event('CardDiscarded', { spell: 'mark' }))
        .andState((state) => expect(state.players.red.hand).toEqual(['bolt']));
    });
  });
});

describe("the pages' examples on the spell side (S1, S3–S5, S9, S10, S12)", () => {
  describe('S5 vs S9 [A]: two copies of the same non-visible spell on one target in one turn', () => {
    it('S9: by default (nonVisibleDuplicates "allowed") non-visible spells are "cumulative", so both orders are taken and both copies become active', () => {
      given(board().hand('red', 'curse', 'curse'))
        .when(turn({ red: [cast('curse', { minion: 'B1' }), cast('curse', { minion: 'B1' })] }))
        .then(event('SpellActivated', { spell: 'curse' }), event('SpellActivated', { spell: 'curse' }))
        .andState((state) => expect(minionAt(state, 'B1').spells).toHaveLength(2));
    });

    it('S5: with nonVisibleDuplicates "refused" only spells that "explicitly state \'cumulative\'" may be targeted twice: the second non-visible copy is refused when given; a cumulative one is not', () => {
      const veil = spell('veil', { type: 'alteration', target: { kind: 'minion' }, visible: false, cumulative: true });
      given(
        board().spells(veil).rules({ nonVisibleDuplicates: 'refused' }).hand('red', 'curse', 'curse', 'veil', 'veil'),
        targetSpell('red', 'curse', { minion: 'B1' }),
      )
        .when(targetSpell('red', 'curse', { minion: 'B1' }))
        .thenRejected({ kind: 'rule', rule: 'S5', field: 'target' });
      given(board().spells(veil).rules({ nonVisibleDuplicates: 'refused' }).hand('red', 'veil', 'veil'))
        .when(turn({ red: [cast('veil', { minion: 'B1' }), cast('veil', { minion: 'B1' })] }))
        .run()
        .andCount(event('SpellActivated', { spell: 'veil' }), 2);
    });
  });

  describe("a spell's own hooks: when dispelled, when it expires, when it fails (S1, S9, [A])", () => {
    /** Blue gains a mana of this type: an observable effect with nobody to blame. */
    const gain = (type: 'order' | 'world') => ({ gainMana: { player: 'blue' as const, mana: { [type]: 1 } } });
    const omen = spell('omen', {
      type: 'conjuration',
      house: 'hope',
      target: { kind: 'minion' },
      duration: 1,
      triggers: [
        { on: 'whenDispelled', do: gain('order') },
        { on: 'whenExpires', do: gain('world') },
      ],
    });
    const { key: _omen, ...omenBody } = omen;
    const hidden = spell('hidden-omen', { ...omenBody, name: 'hidden-omen', visible: false, cumulative: true });

    it('S9: "dispelling" a spell fires its whenDispelled hook (SpellHookTriggered, rule S9) after it left play; expiring fires whenExpires (S1) instead', () => {
      given(board().spells(omen).hand('blue', 'omen', 'omen').hand('red', 'cleanse'))
        .when(turn({ blue: [cast('omen', { minion: 'B1' })], red: [] }))
        .then(event('SpellActivated', { spell: 'omen' }))
        .when(collectGarbage())
        .then(
          event('SpellExpired', { spell: 'omen' }, { rule: 'S1' }),
          event(
            'SpellHookTriggered',
            { hook: 'whenExpires', subject: { minion: 'B1' }, action: gain('world') },
            { rule: 'S1' },
          ),
          event('ManaGained', { player: 'blue', mana: { world: 1 } }),
        )
        .andNot(event('SpellHookTriggered', { hook: 'whenDispelled' }))
        .when(turn({ blue: [cast('omen', { minion: 'B1' })], red: [cast('cleanse', { minion: 'B1' })] }))
        .then(
          event('SpellDispelled', { spell: 'omen', reason: 'dispelled' }, { rule: 'S9' }),
          event(
            'SpellHookTriggered',
            { hook: 'whenDispelled', subject: { minion: 'B1' }, action: gain('order') },
            { rule: 'S9' },
          ),
          event('ManaGained', { player: 'blue', mana: { order: 1 } }),
        )
        .andNot(event('SpellHookTriggered', { hook: 'whenExpires' }));
    });

    it('S9/E3.1: a non-visible spell ignores every dispel, so its whenDispelled never fires; a spell leaving with its dead host fires no hook', () => {
      given(
        board()
          .spells(hidden)
          .hand('blue', 'hidden-omen')
          .hand('red', 'cleanse', 'bolt')
          .group('W', 'blue', [recruit('W1', { hp: 2 })])
          .initiative('blue'),
      )
        .when(
          turn({
            blue: [cast('hidden-omen', { minion: 'W1' })],
            red: [cast('cleanse', { minion: 'W1' }), cast('bolt', { minion: 'W1' })],
          }),
        )
        .then(event('SpellDispelled', { spell: 'hidden-omen', reason: 'host-died' }, { rule: 'E3.1' }))
        .andNot(event('SpellHookTriggered'));
    });

    it('[A] "fails": a move an active spell makes that cannot happen (the square holds a group of its owner) is its failure — its whenFails hook acts on the group', () => {
      const drift = spell('drift', {
        type: 'alteration',
        house: 'mind',
        target: { kind: 'group', side: 'friendly' },
        effects: [{ move: { to: 'C3' } }],
        triggers: [{ on: 'whenFails', do: { damage: { amount: 1, magical: true } } }],
      });
      given(
        board()
          .spells(drift)
          .hand('blue', 'drift')
          .group('B3', 'blue', [recruit('B5')], 'C3'),
      )
        .when(turn({ blue: [cast('drift', { group: 'B' })] }))
        .then(
          event('GroupMoveBlocked', { groupId: 'B', to: 'C3', reason: 'occupied', blockedBy: 'B3' }, { rule: 'A' }),
          event('SpellHookTriggered', { hook: 'whenFails', subject: { group: 'B' } }, { rule: 'A' }),
          event('DamageIncoming', { minionId: 'B1', amount: 1, attackerId: null }),
          event('DamageIncoming', { minionId: 'B2', amount: 1, attackerId: null }),
        );
    });
  });

  describe('targeting restrictions (S10: "can\'t be targeted by individual spells")', () => {
    const stoneForm = spell('stone-form', {
      type: 'alteration',
      house: 'making',
      target: { kind: 'minion', side: 'friendly' },
      hostCannotBeTargetedBy: ['individual-spells'],
    });

    it('S10: an individual spell on a minion that carries the restriction is refused when given, naming the rule; a group spell on its group is not', () => {
      given(
        board()
          .group('G', 'blue', [recruit('G1', { cannotBeTargetedBy: ['individual-spells'] })])
          .hand('red', 'bolt'),
      )
        .when(targetSpell('red', 'bolt', { minion: 'G1' }))
        .thenRejected({
          kind: 'rule',
          rule: 'S10',
          field: 'target',
          reason: "minion G1 can't be targeted by individual spells",
        });
    });

    it('S10: a spell already targeted at a minion that comes to carry the restriction earlier in the execution squanders at execution (target-untargetable)', () => {
      given(board().spells(stoneForm).hand('blue', 'stone-form').hand('red', 'bolt').initiative('blue'))
        .when(turn({ blue: [cast('stone-form', { minion: 'B1' })], red: [cast('bolt', { minion: 'B1' })] }))
        .then(
          event('SpellActivated', { spell: 'stone-form', host: { minion: 'B1' } }),
          event('SpellExecuting', { spell: 'bolt' }),
          event('SpellSquandered', { reason: 'target-untargetable' }, { rule: 'S10' }),
        )
        .andNot(event('DamageIncoming'));
    });

    it('S9: only a visible lasting spell may give its host a restriction (a hidden one would show through a refusal)', () => {
      given([])
        .when(createGame(board().spells({ ...stoneForm, visible: false, cumulative: true })))
        .thenRejected({ kind: 'invalid', rule: 'S9', field: 'spells.stone-form.hostCannotBeTargetedBy' });
    });
  });

  describe("cancelling and discarding in a scenario's turns (S3, S4, S12)", () => {
    it("S3/S4/S12: a scenario order {cancel: n} cancels that player's n-th order of the turn: a cast is refunded, a discard taken back; the orders that remain execute", () => {
      const setup = board().hand('red', 'bolt', 'ping', 'mark').build();
      const run = runScenario({
        ...setup,
        name: 'cancel and discard',
        turns: [
          {
            orders: {
              red: [
                { cast: 'bolt', target: { minion: 'B1' } },
                { discard: 'mark' },
                { cast: 'ping', target: { minion: 'B1' } },
                { cancel: 0 },
                { cancel: 1 },
                { discard: 'bolt' },
              ],
            },
          },
        ],
      });
      const targeted = run.events.filter((e) => e.type === 'SpellTargeted');
      const [bolted] = targeted;
      expect(run.events.map((e) => e.type)).toEqual(
        expect.arrayContaining(['SpellUntargeted', 'DiscardCancelled', 'CardDiscarded']),
      );
      const untargeted = run.events.find((e) => e.type === 'SpellUntargeted');
      expect(untargeted?.data).toEqual({
        orderId: bolted?.type === 'SpellTargeted' ? bolted.data.orderId : null,
        player: 'red',
        spell: 'bolt',
        refund: { order: 0, strife: 0, clarity: 0, mystery: 1, will: 0, world: 0 },
      });
      expect(untargeted?.metadata).toMatchObject({ rule: 'S4', commandId: 'turn-1/red/3' });
      expect(run.events.find((e) => e.type === 'DiscardCancelled')?.metadata).toMatchObject({ rule: 'S12' });
      const executed = run.events
        .filter((e) => e.type === 'SpellExecuting')
        .map((e) => e.type === 'SpellExecuting' && e.data.spell);
      expect(executed).toEqual(['ping']);
      expect(run.state.players.red.hand).toEqual(['mark']);
    });

    it('S3: a cancel naming no earlier accepted order of that player and turn is refused, naming its place in the file', () => {
      const setup = board().hand('red', 'bolt').build();
      expect(() =>
        runScenario({ ...setup, name: 'bad cancel', turns: [{ orders: { red: [{ cancel: 0 }] } }] }),
      ).toThrow(/turns\[0\]\.orders\.red\[0\]\.cancel/);
    });
  });
});

describe('set-ups with the new parts are checked by the rules, naming the field (B5, S1, S9, K1)', () => {
  const refused = (setup: ReturnType<typeof board>, field: string, reason?: RegExp) =>
    given([])
      .when(createGame(setup))
      .thenRejected({ kind: 'invalid', field, ...(reason ? { reason } : {}) });

  it("S1/S9: a spell's own hooks are never a trait; takeInside only in a visible lasting group spell; movesToReplacement only on a lasting group spell", () => {
    refused(
      board().group('G', 'blue', [recruit('G1', { traits: [{ on: 'whenDispelled', do: { heal: { amount: 1 } } }] })]),
      'board.groups[2].minions[0].traits[0].on',
      /never a minion's trait/,
    );
    const hop = spell('hop', { target: { kind: 'group' }, effects: [{ takeInside: {} }] });
    refused(board().spells(hop), 'spells.hop.effects[0]', /visible alteration or conjuration/);
    refused(
      board().spells(spell('turn', { target: { kind: 'group' }, movesToReplacement: true })),
      'spells.turn.movesToReplacement',
    );
    const restoreNow = spell('undo', { target: { kind: 'group' }, effects: [{ restore: {} }] });
    refused(board().spells(restoreNow), 'spells.undo.effects[0]', /whenDispelled or whenExpires/);
  });

  it('B5/K1: a terrain is filed under its own key and acts by its own hooks; a set-up chooses only the rules it may', () => {
    const terrain = {
      key: 'mud',
      name: 'Mud',
      triggers: [{ on: 'groupEnters' as const, do: { heal: { amount: 1 } } }],
    };
    const misfiled = board().square('X1', 'mud').build();
    misfiled.terrains = { mud: { ...terrain, key: 'bog' } };
    given([]).when(createGame(misfiled)).thenRejected({ kind: 'invalid', field: 'terrains.mud.key' });
    refused(
      board().terrains({ ...terrain, triggers: [{ on: 'isDying' as never, do: { heal: { amount: 1 } } }] }),
      'terrains.mud.triggers[0].on',
    );
    refused(
      board().terrains({ ...terrain, triggers: [{ on: 'groupEnters', do: { cancelDamage: {} } }] }),
      'terrains.mud.triggers[0].do',
    );
    refused(board().rules({ initiative: 'blue' } as never), 'rules.initiative');
    refused(board().rules({ zeroDamageAtD3: 'ignored' as never }), 'rules.zeroDamageAtD3');
  });
});
