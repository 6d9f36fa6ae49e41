import * as fs from 'node:fs';
import type { GameEventLine, Receipt } from '@app/games';
import type { Colour, Scenario, ScenarioOrder } from '@app/rules';
import type { ApiTestApp } from './api-test-app';

export function readScenario(file: string): Scenario {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario;
}

/** The scenario's set-up as a `POST /games` body: the file without `turns`, plus the game id. */
export function setupBody(scenario: Scenario, gameId: string): Record<string, unknown> {
  const { turns: _turns, ...setup } = scenario;
  return { ...setup, gameId };
}

export type PlayerTokens = Record<Colour, string>;

export interface CreatedGame {
  gameId: string;
  revision: number;
  playerTokens: PlayerTokens;
  receipt: Receipt;
}

/** `POST /games` as the organiser (the only one who may); the answer carries the players' tokens. */
export async function createGame(
  api: ApiTestApp,
  body: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<CreatedGame> {
  const post = api.organiser.post('/games');
  if (idempotencyKey !== undefined) post.set('Idempotency-Key', idempotencyKey);
  const response = await post.send(body);
  if (response.status !== 201) throw new Error(`POST /games: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as CreatedGame;
}

/** The game's events as the organiser reads them (everything, hashes included: what the store holds). */
export async function readEvents(api: ApiTestApp, gameId: string, query = ''): Promise<GameEventLine[]> {
  const response = await api.organiser.get(`/games/${gameId}/events${query}`).expect(200);
  return (response.body as { events: GameEventLine[] }).events;
}

/** Polls the game's events until `done` holds (the garbage collection is another command, run a moment later). */
export async function waitForEvents(
  api: ApiTestApp,
  gameId: string,
  done: (events: GameEventLine[]) => boolean,
  ms = 10_000,
): Promise<GameEventLine[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const events = await readEvents(api, gameId);
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
  /** Collects the receipt of every command acknowledged, by who gave it (the set-up is the organiser's). */
  receipts?: Record<'organiser' | Colour, Receipt[]>;
}

/**
 * Plays a scenario file through HTTP in the order `sanctum simulate` does (libs/rules run-scenario.ts): the
 * set-up (as the organiser), then per turn red's orders, blue's, red's confirmation, blue's (each with its own
 * player token), then the scheduled garbage collection. Each request carries the command id the CLI uses
 * (`Idempotency-Key`), so the events can be compared whole. Answers the game's player tokens.
 */
export async function playScenario(
  api: ApiTestApp,
  scenario: Scenario,
  gameId: string,
  options: PlayOptions = {},
): Promise<PlayerTokens> {
  const created = await createGame(api, setupBody(scenario, gameId), 'setup');
  const { playerTokens } = created;
  options.receipts?.organiser.push(created.receipt);
  const turns = scenario.turns.slice(0, options.turns ?? scenario.turns.length);
  for (const [t, turn] of turns.entries()) {
    const number = t + 1;
    for (const colour of ['red', 'blue'] as const) {
      for (const [o, order] of (turn.orders[colour] ?? []).entries()) {
        const response = await api
          .as(playerTokens[colour])
          .post(`/games/${gameId}/orders`)
          .set('Idempotency-Key', `turn-${number}/${colour}/${o}`)
          .send(orderBody(colour, order));
        const expected = order.expectRejected ? [409, 422, 404] : [201];
        if (!expected.includes(response.status)) {
          throw new Error(`turns[${t}].orders.${colour}[${o}]: ${response.status} ${JSON.stringify(response.body)}`);
        }
        if (response.status === 201) options.receipts?.[colour].push(response.body.receipt);
      }
    }
    // [A] A turn that ends the game: its resignation or ruling in place of the confirmations, and no turn after it.
    if (turn.resign !== undefined) {
      await api
        .as(playerTokens[turn.resign])
        .post(`/games/${gameId}/resign`)
        .set('Idempotency-Key', `turn-${number}/${turn.resign}/resign`)
        .send({ player: turn.resign })
        .expect(200);
      break;
    }
    if (turn.result !== undefined) {
      await api.organiser
        .post(`/games/${gameId}/result`)
        .set('Idempotency-Key', `turn-${number}/result`)
        .send(turn.result)
        .expect(200);
      break;
    }
    for (const colour of ['red', 'blue'] as const) {
      const confirmed = await api
        .as(playerTokens[colour])
        .post(`/games/${gameId}/confirm`)
        .set('Idempotency-Key', `turn-${number}/${colour}/confirm`)
        .send({ player: colour })
        .expect(200);
      options.receipts?.[colour].push(confirmed.body.receipt);
    }
    if (options.collect ?? true) {
      await waitForEvents(api, gameId, (events) => countOf(events, 'GarbageCollected') >= number);
    }
  }
  return playerTokens;
}
