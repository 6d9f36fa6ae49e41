import type { Command, CommandType } from '../commands/command';
import type { EventDataMap, EventType } from '../events/event-vocabulary';
import type { ActiveSpellSetup, GameSetup, PlayerSetup } from '../setup/game-setup';

/**
 * Input events record what someone decided (docs/design.md): each is the first event of the command
 * it stands for, and the command it records can be rebuilt from it alone. `GarbageCollected` stands for the
 * scheduled `CollectGarbage`, the one command nobody types. Every other event is derived by the engine.
 */
export const INPUT_EVENT_COMMANDS = {
  GameCreated: 'CreateGame',
  SpellTargeted: 'TargetSpell',
  SpellUntargeted: 'CancelOrder',
  CardDiscarded: 'DiscardSpell',
  DiscardCancelled: 'CancelOrder',
  AttackOrdered: 'OrderAttack',
  AttackCancelled: 'CancelOrder',
  OrdersConfirmed: 'ConfirmOrders',
  GarbageCollected: 'CollectGarbage',
  PlayerResigned: 'Resign',
  ResultAdjudicated: 'AdjudicateResult',
  GameRecordPublished: 'PublishRecord',
} as const satisfies Partial<Record<EventType, CommandType>>;

export type InputEventType = keyof typeof INPUT_EVENT_COMMANDS;

/** An event as recorded anywhere (engine output, a store, a JSON line): only what the rebuild reads. */
export interface RecordedInput {
  type: string;
  data: unknown;
  metadata: { commandId?: unknown; correlationId?: unknown; causationId?: unknown };
}

export function isInputEventType(type: string): type is InputEventType {
  return Object.prototype.hasOwnProperty.call(INPUT_EVENT_COMMANDS, type);
}

/** Whether this event opens a command: an input event caused by the command itself, not by another event. */
export function startsCommand(event: RecordedInput): boolean {
  return isInputEventType(event.type) && event.metadata.causationId === event.metadata.commandId;
}

/**
 * The set-up a GameCreated was decided from, rebuilt from its normalised data so that deciding CreateGame on it
 * gives the same GameCreated again: spells and terrains are all defined (catalog ones were copied in), the rules
 * chosen are all given, mana pools are full, minions carry every field, and an active spell's expiry turn
 * (1 + duration) gives back its duration.
 */
export function setupOfGameCreated(data: EventDataMap['GameCreated']): GameSetup {
  const player = (given: EventDataMap['GameCreated']['players']['red']): PlayerSetup => ({
    house: given.house,
    mana: given.mana,
    income: given.income,
    hand: given.hand,
    deck: given.deck,
  });
  return {
    name: data.name,
    seed: data.seed,
    initiative: data.initiative,
    ...(data.rules === undefined ? {} : { rules: data.rules }),
    spells: data.spells,
    ...(data.terrains === undefined ? {} : { terrains: data.terrains }),
    players: { red: player(data.players.red), blue: player(data.players.blue) },
    board: {
      groups: data.board.groups,
      structures: data.board.structures,
      squares: data.board.squares,
      activeSpells: data.board.activeSpells.map(({ id, spell, owner, host, expiresAtTurn }): ActiveSpellSetup => ({
        id,
        spell,
        owner,
        host,
        ...(expiresAtTurn === null ? {} : { duration: expiresAtTurn - 1 }),
      })),
    },
    ...(data.turnLimit === undefined ? {} : { turnLimit: data.turnLimit }),
  };
}

/**
 * The command an input event records (null for a derived event), with the command and correlation ids it was
 * given, so that `execute` on the state before it re-derives the event and everything the command caused. The
 * data is copied: the command never shares objects with the recorded event it is compared against.
 */
export function inputCommandOf(event: RecordedInput): Command | null {
  if (!isInputEventType(event.type)) return null;
  const metadata = {
    commandId: String(event.metadata.commandId),
    ...(typeof event.metadata.correlationId === 'string' ? { correlationId: event.metadata.correlationId } : {}),
  };
  const data = structuredClone(event.data) as EventDataMap[InputEventType];
  switch (event.type) {
    case 'GameCreated': {
      const created = data as EventDataMap['GameCreated'];
      // The record holds every definition the game used: re-simulation consults no catalog (`fromRecord`).
      return {
        type: 'CreateGame',
        data: { gameId: created.gameId, setup: setupOfGameCreated(created), fromRecord: true },
        metadata,
      };
    }
    case 'SpellTargeted': {
      const { player, spell, target } = data as EventDataMap['SpellTargeted'];
      return { type: 'TargetSpell', data: { player, spell, target }, metadata };
    }
    case 'SpellUntargeted':
    case 'DiscardCancelled':
    case 'AttackCancelled': {
      const { player, orderId } = data as EventDataMap['AttackCancelled'];
      return { type: 'CancelOrder', data: { player, orderId }, metadata };
    }
    case 'CardDiscarded': {
      const { player, spell } = data as EventDataMap['CardDiscarded'];
      return { type: 'DiscardSpell', data: { player, spell }, metadata };
    }
    case 'AttackOrdered': {
      const { player, attackerId, victimId, attack } = data as EventDataMap['AttackOrdered'];
      return { type: 'OrderAttack', data: { player, attackerId, victimId, attack }, metadata };
    }
    case 'OrdersConfirmed': {
      const { player } = data as EventDataMap['OrdersConfirmed'];
      return { type: 'ConfirmOrders', data: { player }, metadata };
    }
    case 'GarbageCollected': {
      const { turn } = data as EventDataMap['GarbageCollected'];
      return { type: 'CollectGarbage', data: { turn }, metadata };
    }
    case 'PlayerResigned': {
      const { player } = data as EventDataMap['PlayerResigned'];
      return { type: 'Resign', data: { player }, metadata };
    }
    case 'ResultAdjudicated': {
      const { winner, reason } = data as EventDataMap['ResultAdjudicated'];
      return { type: 'AdjudicateResult', data: { winner, reason }, metadata };
    }
    case 'GameRecordPublished':
      return { type: 'PublishRecord', data: {}, metadata };
  }
}
