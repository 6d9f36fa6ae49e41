import type { Colour, Command, DomainEvent, GameState } from '@app/rules';
import { CommandRejected, execute, initialState, isAlive } from '@app/rules';
import { chainEvents, genesisHash } from '@app/games';
import { LARGEST_GAME_ID, largestSetup, worstOrders } from './largest-setup';

/** EventStoreDB's default largest append (MaxAppendSize): the bytes of the events' data and metadata. */
export const MAX_APPEND_BYTES = 1_048_576;
/** The longest Idempotency-Key, recorded as the commandId and correlationId of every event. */
const LONGEST_COMMAND_ID = 'k'.repeat(64);

export interface Append {
  command: string;
  events: number;
  bytes: number;
}

/** Plays the largest set-up's first turns with the worst orders, and measures each command's append as stored. */
export function playLargestGame(turns: number): Append[] {
  let state: GameState = initialState();
  const events: DomainEvent[] = [];
  const commands: string[] = [];
  let n = 0;
  const run = (type: Command['type'], data: unknown): void => {
    const command = {
      type,
      data,
      metadata: { commandId: `${LONGEST_COMMAND_ID.slice(0, 56)}${String(n++).padStart(8, '0')}` },
    } as Command;
    try {
      const decision = execute(state, command, { inPlace: true });
      state = decision.state;
      events.push(...decision.events);
      if (decision.events.length > 0) commands.push(command.metadata.commandId);
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
    }
  };
  run('CreateGame', { gameId: LARGEST_GAME_ID, setup: largestSetup() });
  for (let turn = 1; turn <= turns; turn += 1) {
    for (const colour of ['red', 'blue'] as Colour[]) {
      const enemy: Colour = colour === 'red' ? 'blue' : 'red';
      const living = (owner: Colour) =>
        state.minionIds.filter((id) => state.minions[id].owner === owner && isAlive(state.minions[id]));
      const enemyGroups = Object.values(state.groups)
        .filter((group) => group.owner === enemy)
        .map((group) => group.id);
      for (const order of worstOrders(
        colour,
        [...state.players[colour].hand],
        living(colour),
        enemyGroups,
        living(enemy),
        turn,
      )) {
        run('spell' in (order as object) ? 'TargetSpell' : 'OrderAttack', order);
      }
    }
    run('ConfirmOrders', { player: 'red' });
    run('ConfirmOrders', { player: 'blue' });
    run('CollectGarbage', { turn });
  }
  const { events: stored } = chainEvents(genesisHash(LARGEST_GAME_ID), events);
  const appends = new Map<string, Append>();
  for (const event of stored) {
    const id = event.metadata.commandId;
    const append = appends.get(id) ?? { command: id, events: 0, bytes: 0 };
    append.events += 1;
    append.bytes +=
      Buffer.byteLength(JSON.stringify(event.data)) +
      Buffer.byteLength(JSON.stringify(event.metadata)) +
      Buffer.byteLength(event.type);
    appends.set(id, append);
  }
  return [...appends.values()];
}
