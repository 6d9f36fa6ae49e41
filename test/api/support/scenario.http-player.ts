import * as fs from 'node:fs';
import request from 'supertest';
import type { GameEventLine } from '@app/games';
import type { Scenario, ScenarioOrder } from '@app/rules';

export function readScenario(file: string): Scenario {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario;
}

/** The scenario's set-up as a `POST /games` body: the file without `turns`, plus the game id. */
export function setupBody(scenario: Scenario, gameId: string): Record<string, unknown> {
  const { turns: _turns, ...setup } = scenario;
  return { ...setup, gameId };
}

export async function readEvents(url: string, gameId: string, query = ''): Promise<GameEventLine[]> {
  const response = await request(url).get(`/games/${gameId}/events${query}`).expect(200);
  return (response.body as { events: GameEventLine[] }).events;
}

/** Polls the game's events until `done` holds (the garbage collection is another command, run a moment later). */
export async function waitForEvents(
  url: string,
  gameId: string,
  done: (events: GameEventLine[]) => boolean,
  ms = 10_000,
): Promise<GameEventLine[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const events = await readEvents(url, gameId);
    if (done(events)) return events;
    if (Date.now() > deadline) throw new Error(`timed out; last event ${events[events.length - 1]?.type}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function countOf(events: GameEventLine[], type: string): number {
  return events.filter((event) => event.type === type).length;
}

/** An order of the file as the body of `POST /games/:id/orders`. */
export function orderBody(player: string, order: ScenarioOrder): Record<string, unknown> {
  const { expectRejected: _expectRejected, ...rest } = order;
  return { player, ...rest };
}

export interface PlayOptions {
  /** Wait for each turn's garbage collection before the next turn (needs the scheduler on). Default true. */
  collect?: boolean;
  /** Stop after this many turns. */
  turns?: number;
}

/**
 * Plays a scenario file through HTTP in the order `sanctum simulate` does (libs/rules run-scenario.ts): the
 * set-up, then per turn red's orders, blue's, red's confirmation, blue's, then the scheduled garbage collection.
 * Each request carries the command id the CLI uses (`Idempotency-Key`), so the events can be compared whole.
 */
export async function playScenario(
  url: string,
  scenario: Scenario,
  gameId: string,
  options: PlayOptions = {},
): Promise<void> {
  const api = request(url);
  await api.post('/games').set('Idempotency-Key', 'setup').send(setupBody(scenario, gameId)).expect(201);
  const turns = scenario.turns.slice(0, options.turns ?? scenario.turns.length);
  for (const [t, turn] of turns.entries()) {
    const number = t + 1;
    for (const colour of ['red', 'blue'] as const) {
      for (const [o, order] of (turn.orders[colour] ?? []).entries()) {
        const response = await api
          .post(`/games/${gameId}/orders`)
          .set('Idempotency-Key', `turn-${number}/${colour}/${o}`)
          .send(orderBody(colour, order));
        const expected = order.expectRejected ? [409, 422, 404] : [201];
        if (!expected.includes(response.status)) {
          throw new Error(`turns[${t}].orders.${colour}[${o}]: ${response.status} ${JSON.stringify(response.body)}`);
        }
      }
    }
    for (const colour of ['red', 'blue'] as const) {
      await api
        .post(`/games/${gameId}/confirm`)
        .set('Idempotency-Key', `turn-${number}/${colour}/confirm`)
        .send({ player: colour })
        .expect(200);
    }
    if (options.collect ?? true) {
      await waitForEvents(url, gameId, (events) => countOf(events, 'GarbageCollected') >= number);
    }
  }
}
