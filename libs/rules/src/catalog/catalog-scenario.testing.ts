/**
 * Test kit for the catalog specs: small scenarios that name catalog spells without defining them (`spells: {}`,
 * so `resolveSpells` copies the catalog definitions in), the set-up the specs share (minions, groups, terrain
 * squares, a game played on past ids the engine gave), and matchers over the events they produce, with the
 * partial-match semantics of scenarios/README.md. Pure: it only plays scenarios through the engine.
 */
import { matches as matchesPattern } from '../testing/event-pattern';
import type { DomainEvent } from '../events/domain-event';
import type { EventDataMap, EventType } from '../events/event-vocabulary';
import type { EntityRef } from '../model/game-state';
import type { House, ManaType } from '../model/mana';
import { MANA_TYPES } from '../model/mana';
import type { Colour } from '../model/players';
import type { MinionSpec, SpellDefinition, Trigger } from '../model/spell-definition';
import { runScenario } from '../scenario/run-scenario';
import type { ScenarioRun } from '../scenario/run-scenario';
import type { Scenario, ScenarioOrder } from '../scenario/scenario';
import type { ActiveSpellSetup, GroupSetup, SquareSetup, StructureSetup } from '../setup/game-setup';

/** Plenty of every mana type, so that costs never get in a test's way. */
export const PLENTY_OF_MANA: Record<ManaType, number> = Object.fromEntries(
  MANA_TYPES.map((type) => [type, 99]),
) as Record<ManaType, number>;

type SetupMinion = MinionSpec & { id: string };

export function swordsman(id: string, hp = 5, armor = 0, damage = 3, traits: Trigger[] = []): SetupMinion {
  return { id, kind: 'recruit', class: 'swordsman', hp, armor, attacks: [{ kind: 'hand', damage }], traits };
}

export function archer(id: string, hp = 4, armor = 0, damage = 3, traits: Trigger[] = []): SetupMinion {
  return { id, kind: 'recruit', class: 'archer', hp, armor, attacks: [{ kind: 'missile', damage }], traits };
}

export function beast(id: string, hp = 6, armor = 1, damage = 3, traits: Trigger[] = []): SetupMinion {
  return { id, kind: 'monster', class: 'beast', hp, armor, attacks: [{ kind: 'hand', damage }], traits };
}

export function group(id: string, owner: GroupSetup['owner'], square: string, minions: SetupMinion[]): GroupSetup {
  return { id, owner, square, minions };
}

/** The board most single-target tests start from: group G1 on C3 holding one swordsman, M1 (stats as `swordsman`). */
export function swordsmanM1InG1(
  owner: GroupSetup['owner'],
  hp?: number,
  armor?: number,
  damage?: number,
  traits?: Trigger[],
): GroupSetup {
  return group('G1', owner, 'C3', [swordsman('M1', hp, armor, damage, traits)]);
}

/** A dying-cancel trait (E1.1). */
export const RETURNS_TO_LIFE_WHEN_DYING: Trigger = { on: 'isDying', do: { returnToLife: { hp: 1 } } };
/** A "when dies" trait (K1). */
export const HEALS_WHEN_DIES: Trigger = { on: 'whenDies', do: { heal: { amount: 1 } } };
/** Traits that would act on any death that applies effects (K1): a dying-cancel and a "when dies" effect. */
export const DEATH_WATCH_TRAITS: Trigger[] = [RETURNS_TO_LIFE_WHEN_DYING, HEALS_WHEN_DIES];

export function cast(spell: string, target: EntityRef, expectRejected = false): ScenarioOrder {
  return expectRejected ? { cast: spell, target, expectRejected } : { cast: spell, target };
}

export function attack(attacker: string, victim: string): ScenarioOrder {
  return { attack: { attacker, victim } };
}

export interface CatalogGame {
  name: string;
  initiative?: Colour;
  /** Spells the scenario defines beside the catalog's (a move the catalog has no spell for, say). */
  spells?: Record<string, SpellDefinition>;
  groups?: GroupSetup[];
  structures?: StructureSetup[];
  activeSpells?: ActiveSpellSetup[];
  /** Squares with a terrain (B5); the board holds no others. */
  squares?: SquareSetup[];
  turns: { red?: ScenarioOrder[]; blue?: ScenarioOrder[] }[];
  houses?: Partial<Record<Colour, House>>;
}

/**
 * A scenario defining no spells (unless it gives some): each player's hand holds every spell that player casts in
 * any turn (one copy per cast), so every other definition comes from the catalog.
 */
export function catalogScenario(game: CatalogGame): Scenario {
  const hand = (colour: Colour): string[] =>
    game.turns.flatMap((turn) => (turn[colour] ?? []).flatMap((order) => (order.cast ? [order.cast] : [])));
  return {
    name: game.name,
    seed: 1,
    initiative: game.initiative ?? 'red',
    spells: game.spells ?? {},
    players: {
      red: { house: game.houses?.red ?? 'war', mana: { ...PLENTY_OF_MANA }, hand: hand('red'), deck: [] },
      blue: { house: game.houses?.blue ?? 'hope', mana: { ...PLENTY_OF_MANA }, hand: hand('blue'), deck: [] },
    },
    board: {
      groups: game.groups ?? [],
      structures: game.structures ?? [],
      activeSpells: game.activeSpells ?? [],
      ...(game.squares === undefined ? {} : { squares: game.squares }),
    },
    turns: game.turns.map((turn) => ({ orders: { red: turn.red ?? [], blue: turn.blue ?? [] } })),
  };
}

export function playCatalogGame(game: CatalogGame): ScenarioRun {
  return runScenario(catalogScenario(game), 'catalog');
}

/**
 * A game whose later turns name ids the engine gives in its first ones (a replacement's, say): `play()` plays the
 * first turns, to learn them; `play(later)` plays the same game on with the later turns.
 */
export function playedOn(game: CatalogGame): (later?: CatalogGame['turns']) => ScenarioRun {
  return (later = []) => playCatalogGame({ ...game, turns: [...game.turns, ...later] });
}

type DeepPartial<T> = T extends readonly (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> | null }
    : T;

export interface EventPattern<K extends EventType = EventType> {
  type: K;
  data?: DeepPartial<EventDataMap[K]>;
}

/** scenarios/README.md partial matching, as the rules test kit implements it. */
export function matches(event: DomainEvent, pattern: EventPattern): boolean {
  return event.type === pattern.type && matchesPattern(event.data, pattern.data);
}

/** A typed pattern. */
export function ev<K extends EventType>(type: K, data?: DeepPartial<EventDataMap[K]>): EventPattern<K> {
  return data === undefined ? { type } : { type, data };
}

/** The events matching a pattern, typed by its event type. */
export function eventsMatching<K extends EventType>(events: DomainEvent[], pattern: EventPattern<K>): DomainEvent<K>[] {
  return events.filter((event) => matches(event, pattern)) as DomainEvent<K>[];
}

/** The one event matching a pattern; throws (failing the test) unless there is exactly one. */
export function theEvent<K extends EventType>(events: DomainEvent[], pattern: EventPattern<K>): DomainEvent<K> {
  const found = eventsMatching(events, pattern);
  const [only] = found;
  if (only === undefined || found.length !== 1) {
    throw new Error(`expected exactly one ${JSON.stringify(pattern)}, found ${found.length}:\n${digest(events)}`);
  }
  return only;
}

/**
 * The index of the first event of each pattern, in order (a subsequence, README "sequence"); throws with the
 * event digest when a pattern is not found after the previous one.
 */
export function expectSequence(events: DomainEvent[], patterns: EventPattern[]): number[] {
  const at: number[] = [];
  let from = 0;
  patterns.forEach((pattern, i) => {
    const index = events.findIndex((event, e) => e >= from && matches(event, pattern));
    if (index < 0) {
      throw new Error(
        `sequence item ${i} ${JSON.stringify(pattern)} not found after event ${from}:\n${digest(events)}`,
      );
    }
    at.push(index);
    from = index + 1;
  });
  return at;
}

/** README "absent": throws, naming the event, when any pattern matches. */
export function expectAbsent(events: DomainEvent[], patterns: EventPattern[]): void {
  for (const pattern of patterns) {
    const found = events.find((event) => matches(event, pattern));
    if (found)
      throw new Error(`absent ${JSON.stringify(pattern)} matched ${JSON.stringify(found)}:\n${digest(events)}`);
  }
}

/** The order id the engine gave a player's cast of `spell` on `target` (from SpellTargeted). */
export function orderIdOf(events: DomainEvent[], player: Colour, spell: string, target: EntityRef, nth = 0): string {
  const targeted = eventsMatching(events, ev('SpellTargeted', { player, spell, target }));
  if (targeted[nth] === undefined) throw new Error(`no SpellTargeted #${nth} of ${spell} by ${player}`);
  return targeted[nth].data.orderId;
}

/**
 * K1: the effects a death applies only when it is `kills` or `dies` (E1, E2), and the damage run that leads to one;
 * a removal or replacement starts at E2 (E0), so none of them may appear.
 */
export const NO_DEATH_EFFECTS: EventPattern[] = [
  ev('MinionDying'),
  ev('DyingEffectTriggered'),
  ev('DyingCancelled'),
  ev('DeathAverted'),
  ev('KilledEffectTriggered'),
  ev('DiesEffectTriggered'),
  ev('DamageIncoming'),
];

/** The rule ids of the orders the rules refused, in order (a test of a refusal names the rule it expects). */
export function rejectedRules(run: ScenarioRun): (string | null)[] {
  return run.rejections.map((rejection) => rejection.error.rule);
}

/** One line per event, for failure messages. */
export function digest(events: DomainEvent[]): string {
  return events
    .map((event, i) => `${i} ${event.type} ${event.type === 'GameCreated' ? '…' : JSON.stringify(event.data)}`)
    .join('\n');
}
