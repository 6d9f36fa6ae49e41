import * as fs from 'node:fs';
import * as path from 'node:path';
import { runScenario, ScenarioFailed } from '@app/rules';
import type { DomainEvent, EventDataMap, EventType } from '@app/rules';
import { parseScenarioFile } from '../scenario-file';
import { DESCRIBED_EVENT_TYPES, describeEvent } from './describe-event';

const REPO = path.resolve(__dirname, '../../../..');
const FOLDERS = ['test/scenarios/fixtures', 'examples'].map((dir) => path.join(REPO, dir));

/** Every event of every scenario the repository has (a refused run: the events up to the refusal). */
function scenarioEvents(): DomainEvent[] {
  const events: DomainEvent[] = [];
  for (const dir of FOLDERS.filter((folder) => fs.existsSync(folder))) {
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.scenario.json'))) {
      const scenario = parseScenarioFile(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
      try {
        events.push(...runScenario(scenario, 'g').events);
      } catch (error) {
        if (!(error instanceof ScenarioFailed)) throw error;
        events.push(...error.events);
      }
    }
  }
  return events;
}

const trait = { trait: 0, minionId: 'm1' };
const ward = { activeSpellId: 'A1', spell: 'ward' };

/** Event types no scenario of the repository produces, with plausible data. */
const SAMPLES: Partial<{ [K in EventType]: EventDataMap[K] }> = {
  StartOfTurnEffectTriggered: { by: ward, subject: { minion: 'm1' }, action: { heal: { amount: 2 } } },
  SpellExpired: { activeSpellId: 'A1', spell: 'fog', host: { square: 'C3' } },
  SpellUntargeted: {
    orderId: 'order.1',
    player: 'red',
    spell: 'bolt',
    refund: { order: 0, strife: 2, clarity: 1, mystery: 0, will: 0, world: 0 },
  },
  DiscardCancelled: { orderId: 'order.2', player: 'blue', spell: 'mend' },
  AttackCancelled: { orderId: 'order.3', player: 'red' },
  HitEffectTriggered: { minionId: 'm1', attackerId: 'm2', by: trait, action: { damage: { amount: 1 } } },
  AfterArmorEffectApplied: {
    minionId: 'm1',
    by: ward,
    action: { modifyDamage: { by: -1 } },
    damageBefore: 3,
    damageAfter: 2,
  },
  DyingEffectTriggered: { minionId: 'm1', by: trait, action: { returnToLife: { hp: 1 } } },
  SpellDispelled: { activeSpellId: 'A1', spell: 'ward', host: { group: 'G1' }, reason: 'host-died' },
  StructureDestroyed: { structureId: 'T1', category: 'removed' },
  MinionHealed: { minionId: 'm1', amount: 2, hpBefore: 3, hpAfter: 5 },
  StructureCreated: { structureId: 'structure.4', kind: 'town', owner: 'neutral', square: 'E5' },
  StructureReplaced: { structureId: 'T1', replacementId: 'group.5' },
  GroupReplaced: { groupId: 'G1', replacementId: 'group.6' },
  DamageBounced: { minionId: 'm1', step: 'D2' },
  TriggerDepthExceeded: { by: { terrain: 'water', square: 'W1' }, depth: 9 },
  GroupReleased: { groupId: 'G1', activeSpellId: 'A2', square: 'C3' },
  CommandBudgetSpent: { budget: 1000 },
  ResultAdjudicated: { winner: null, reason: 'both players agreed to a draw' },
  GameRecordPublished: {},
};

function sample(type: EventType, data: unknown): { type: string; data: unknown } {
  return { type, data };
}

describe('describeEvent', () => {
  const events = scenarioEvents();

  it('words every event of every scenario of the repository (no fallback to type and JSON)', () => {
    expect(events.length).toBeGreaterThan(100);
    const fallbacks = events.map(describeEvent).filter((sentence, i) => sentence.startsWith(`${events[i].type} `));
    expect(fallbacks).toEqual([]);
  });

  it('has a sentence for every event type of the vocabulary, checked on an event of each type', () => {
    const produced = new Set<string>(events.map((event) => event.type));
    const unchecked = DESCRIBED_EVENT_TYPES.filter((type) => !produced.has(type) && !(type in SAMPLES));
    expect(unchecked).toEqual([]);
    for (const [type, data] of Object.entries(SAMPLES)) {
      const sentence = describeEvent(sample(type as EventType, data));
      expect([type, sentence.startsWith(`${type} `)]).toEqual([type, false]);
    }
  });

  it('[A] says how a game ended: resigned, ruled, or at the turn limit with what the tie-break compared', () => {
    const ended = (data: Partial<EventDataMap['GameEnded']>) =>
      describeEvent(
        sample('GameEnded', { winner: 'red', turn: 4, ruling: null, standings: null, reason: 'resignation', ...data }),
      );
    expect(ended({})).toBe('the game ends in turn 4: red wins: blue resigned');
    expect(ended({ winner: null, reason: 'adjudication', ruling: 'a power cut' })).toBe(
      "the game ends in turn 4: a draw by the organiser's ruling (a power cut)",
    );
    expect(
      ended({
        winner: 'blue',
        reason: 'turn-limit',
        standings: { red: { minions: 2, hp: 5 }, blue: { minions: 1, hp: 9 } },
      }),
    ).toBe('the game ends in turn 4: blue wins at the turn limit (HP: red 5, blue 9; minions: red 2, blue 1)');
    expect(describeEvent(sample('ResultAdjudicated', { winner: 'red', reason: 'blue left' }))).toBe(
      'the organiser rules red the winner: blue left',
    );
  });

  it('says what happened, with the numbers that matter', () => {
    expect(describeEvent(sample('DamageApplied', { minionId: 'b-archer-1', amount: 3, hpBefore: 3, hpAfter: 0 }))).toBe(
      'b-archer-1 takes 3 damage (3 → 0 HP)',
    );
    expect(describeEvent(sample('MinionDied', { minionId: 'b-archer-1', category: 'dies', attackerId: null }))).toBe(
      'b-archer-1 dies',
    );
    expect(describeEvent(sample('MinionDied', { minionId: 'm1', category: 'kills', attackerId: 'm2' }))).toBe(
      'm1 is killed by m2',
    );
    expect(describeEvent(sample('SpellSquandered', { orderId: 'order.3', reason: 'target-dead' }))).toBe(
      'order.3 is squandered: the target is dead',
    );
    expect(
      describeEvent(sample('SpellSquandered', { orderId: 'order.3', reason: 'target-dead', reasonEventId: 'g@19' })),
    ).toBe('order.3 is squandered: the target is dead (because of revision 19)');
    expect(
      describeEvent(sample('AttackFizzled', { orderId: 'order.5', reason: 'budget-spent', reasonEventId: 'g@90' })),
    ).toBe('attack order.5 fizzles: the command has spent its event budget (because of revision 90)');
    expect(
      describeEvent(sample('AttackFizzled', { orderId: 'order.5', reason: 'victim-gone', reasonEventId: null })),
    ).toBe('attack order.5 fizzles: the victim is gone');
    expect(describeEvent(sample('SpellUntargeted', SAMPLES.SpellUntargeted))).toBe(
      'red cancels bolt (order.1), refunded strife 2, clarity 1',
    );
  });

  it('words events as a viewer sees them: placeholders, the other side’s draws, a hidden spell’s effects', () => {
    const metadata = (phase: string) => ({ gameId: 'g', eventId: 'g@7', turn: 1, phase });
    expect(describeEvent({ type: 'Redacted', data: {}, metadata: metadata('orders') })).toBe('a hidden order');
    expect(describeEvent({ type: 'Redacted', data: {}, metadata: metadata('spellExecution') })).toBe('a hidden event');
    expect(describeEvent(sample('CardsDrawn', { player: 'blue', cards: [], cardCount: 2, handSize: 4 }))).toBe(
      'blue draws 2 hidden cards (4 in hand)',
    );
    expect(
      describeEvent(
        sample('HitEffectTriggered', {
          minionId: 'm1',
          attackerId: 'm2',
          by: { hidden: true },
          action: { heal: { amount: 1 } },
        }),
      ),
    ).toBe('m1 hit by m2 triggers a hidden spell: heal 1');
  });

  it('falls back to the type and its data for an unknown type or data that does not fit', () => {
    expect(describeEvent({ type: 'CometArrived', data: { size: 3 } })).toBe('CometArrived {"size":3}');
    expect(describeEvent({ type: 'GameCreated', data: null })).toBe('GameCreated null');
  });
});
