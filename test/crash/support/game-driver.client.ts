import type { GameState } from '@app/rules';

type Colour = 'red' | 'blue';

/** Where the service is right now: null while it is down (between a kill and the next start). */
export interface ServiceHandle {
  port: number | null;
  /** Counts the starts: a request that died with one instance is sent again to a later one. */
  generation: number;
}

/** One command sent, and what became of it. */
export interface SentCommand {
  gameId: string;
  colour: Colour;
  kind: 'order' | 'confirm';
  /** The Idempotency-Key: the command id its events must carry. */
  key: string;
  body: Record<string, unknown>;
  /** The HTTP status of the last attempt, or null when none was answered (the connection died with the service). */
  status: number | null;
  answer?: Record<string, unknown>;
  error?: string;
  /** How many times it was sent (a request that got no answer is sent again, same key, once the service is back). */
  attempts: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An order this player could give now: an attack on an enemy on the same square, or a cast of a spell in hand. */
function someOrder(state: GameState, colour: Colour, random: () => number): Record<string, unknown> | null {
  const alive = Object.values(state.minions ?? {}).filter((minion) => minion.status === 'alive' && minion.groupId);
  const squareOf = (groupId: string | null) => (groupId === null ? undefined : state.groups[groupId]?.square);
  const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
  if (random() < 0.6) {
    const attacker = pick(alive.filter((minion) => minion.owner === colour && minion.attacks.length > 0));
    const victim =
      attacker &&
      pick(
        alive.filter((minion) => minion.owner !== colour && squareOf(minion.groupId) === squareOf(attacker.groupId)),
      );
    if (attacker && victim) return { player: colour, attack: { attacker: attacker.id, victim: victim.id } };
  }
  const spell = pick(state.players?.[colour]?.hand ?? []);
  const definition = spell === undefined ? undefined : state.spells?.[spell];
  if (spell !== undefined && definition?.target.kind === 'minion') {
    const side = definition.target.side ?? 'any';
    const target = pick(
      alive.filter((minion) =>
        side === 'friendly' ? minion.owner === colour : side === 'enemy' ? minion.owner !== colour : true,
      ),
    );
    if (target) return { player: colour, cast: spell, target: { minion: target.id } };
  }
  return null;
}

/**
 * One player of one game, as a client program would play it: read the game (as that player), give an order now
 * and then, confirm; every command with its own Idempotency-Key, and every one of them recorded with its outcome.
 * While the service is down (or a request dies with it) it waits a moment and reads the game again: it never
 * re-sends a command, so whether one that got no answer was recorded is for the checks to find out.
 */
export async function playUntilStopped(options: {
  service: ServiceHandle;
  gameId: string;
  colour: Colour;
  token: string;
  random: () => number;
  sent: SentCommand[];
  stopped: () => boolean;
  /** Answers of 5xx (other than 503) or anything else unexpected, for the test to report. */
  oddities: string[];
}): Promise<void> {
  const { service, gameId, colour, token, random, sent, stopped, oddities } = options;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  let counter = 0;

  const attempt = async (record: SentCommand, port: number): Promise<void> => {
    const { kind, key, body } = record;
    record.attempts += 1;
    record.status = null;
    record.answer = undefined;
    record.error = undefined;
    try {
      const response = await fetch(
        `http://127.0.0.1:${port}/games/${gameId}/${kind === 'order' ? 'orders' : 'confirm'}`,
        {
          method: 'POST',
          headers: { ...headers, 'Idempotency-Key': key },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        },
      );
      record.status = response.status;
      record.answer = (await response.json()) as Record<string, unknown>;
      if (response.status >= 500 && response.status !== 503) {
        oddities.push(`${key}: ${response.status} ${JSON.stringify(record.answer)}`);
      }
    } catch (error) {
      // The service was killed with the request in flight (or between its answer's headers and body).
      record.error = `${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}`;
      if (record.status !== null && record.status < 300) {
        // Headers said yes but the body never came: the command was acknowledged all the same.
        record.answer = {};
      }
    }
  };

  /** Sends a command; one that got no answer is sent again with the same key (up to 3 times) once the service is back. */
  const command = async (kind: SentCommand['kind'], body: Record<string, unknown>): Promise<SentCommand> => {
    const key = `crash/${gameId}/${colour}/${(counter += 1)}`;
    const record: SentCommand = { gameId, colour, kind, key, body, status: null, attempts: 0 };
    sent.push(record);
    let port = service.port;
    if (port === null) {
      record.error = 'not sent: the service is down';
      return record;
    }
    let generation = service.generation;
    await attempt(record, port);
    while (record.status === null && record.attempts < 3 && !stopped()) {
      while ((service.port === null || service.generation === generation) && !stopped()) await sleep(20);
      port = service.port;
      generation = service.generation;
      if (port === null) break;
      await attempt(record, port);
    }
    return record;
  };

  while (!stopped()) {
    const port = service.port;
    if (port === null) {
      await sleep(20);
      continue;
    }
    let state: GameState;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/games/${gameId}/state`, {
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status !== 200) {
        if (response.status >= 500 && response.status !== 503) oddities.push(`GET state ${gameId}: ${response.status}`);
        await sleep(20);
        continue;
      }
      state = ((await response.json()) as { state: GameState }).state;
    } catch {
      await sleep(20);
      continue;
    }
    if (state.phase !== 'orders' || state.players?.[colour]?.confirmed) {
      // Waiting for the other player, or for the turn's garbage collection (the scheduler's own command).
      await sleep(5 + random() * 15);
      continue;
    }
    if (random() < 0.7) {
      const order = someOrder(state, colour, random);
      if (order !== null) await command('order', order);
    }
    if (stopped()) break;
    await command('confirm', { player: colour });
  }
}
