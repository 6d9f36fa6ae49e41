import type { Colour } from '@app/rules';
import { orderBody, setupBody } from '../../api/support/scenario.http-player';
import { type Answer, ORGANISER_TOKEN, type ServiceInstances, countOf, scenario } from './service-instances';

/** A command the service acknowledged (2xx): its game, its Idempotency-Key, and the answer. */
export interface Acknowledged {
  gameId: string;
  key: string;
  status: number;
  body: Record<string, unknown>;
  at: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays games as a careful client does through a failover: every command carries an Idempotency-Key and is sent
 * again — to the other instance — after a 503 or no answer at all (the outcome is unknown then), until it gets a
 * definitive answer. Every 2xx is kept, to check afterwards that the store holds each one.
 */
export class ResilientPlayer {
  readonly acknowledged: Acknowledged[] = [];
  /** Answers that were 503 or no answer, by instance. */
  readonly unavailable = [0, 0];

  constructor(private readonly instances: ServiceInstances) {}

  /** Sends until a definitive answer (anything but 503 or a failed request); `first` picks the instance tried first. */
  async send(
    first: number,
    gameId: string,
    method: string,
    path: string,
    options: { token: string; body?: unknown; key: string },
    timeoutMs = 60_000,
  ): Promise<Answer> {
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 0; ; attempt += 1) {
      const i = (first + attempt) % this.instances.count;
      let answer: Answer | undefined;
      try {
        answer = await this.instances.call(i, method, path, {
          token: options.token,
          body: options.body,
          headers: { 'Idempotency-Key': options.key },
        });
      } catch {
        answer = undefined; // no answer: the outcome is unknown, as after a 503
      }
      if (answer !== undefined && answer.status !== 503) {
        if (answer.status >= 200 && answer.status < 300) {
          this.acknowledged.push({
            gameId,
            key: options.key,
            status: answer.status,
            body: answer.body,
            at: Date.now(),
          });
        }
        return answer;
      }
      this.unavailable[i] = (this.unavailable[i] ?? 0) + 1;
      if (Date.now() > deadline) throw new Error(`${method} ${path} (${options.key}): no answer for ${timeoutMs} ms`);
      await pause(Math.min(200, 20 * (attempt + 1)));
    }
  }

  /** Creates the game (key `setup`) and plays `turns` turns of the example scenario, alternating instances. */
  async play(
    gameId: string,
    options: {
      turns?: number;
      from?: number;
      tokens?: Record<Colour, string>;
      onCommand?: (k: number) => unknown;
    } = {},
  ): Promise<Record<Colour, string>> {
    const played = scenario();
    let k = 0;
    const next = async () => {
      await options.onCommand?.(k);
      return k++ % this.instances.count;
    };
    let tokens = options.tokens;
    if (tokens === undefined) {
      const created = await this.send(await next(), gameId, 'POST', '/games', {
        token: ORGANISER_TOKEN,
        body: setupBody(played, gameId),
        key: `${gameId}/setup`,
      });
      if (created.status !== 201) throw new Error(`POST /games: ${created.status} ${JSON.stringify(created.body)}`);
      tokens = (created.body as { playerTokens: Record<Colour, string> }).playerTokens;
    }
    const from = options.from ?? 0;
    const turns = played.turns.slice(from, options.turns === undefined ? undefined : from + options.turns);
    for (const [t, turn] of turns.entries()) {
      const number = from + t + 1;
      for (const colour of ['red', 'blue'] as const) {
        for (const [o, order] of (turn.orders[colour] ?? []).entries()) {
          const answer = await this.send(await next(), gameId, 'POST', `/games/${gameId}/orders`, {
            token: tokens[colour],
            body: orderBody(colour, order),
            key: `${gameId}/turn-${number}/${colour}/${o}`,
          });
          if (answer.status !== 201 && !order.expectRejected) {
            throw new Error(
              `${gameId} turn ${number} ${colour}[${o}]: ${answer.status} ${JSON.stringify(answer.body)}`,
            );
          }
        }
      }
      for (const colour of ['red', 'blue'] as const) {
        const answer = await this.send(await next(), gameId, 'POST', `/games/${gameId}/confirm`, {
          token: tokens[colour],
          body: { player: colour },
          key: `${gameId}/turn-${number}/${colour}/confirm`,
        });
        if (answer.status !== 200) throw new Error(`${gameId} confirm ${number} ${colour}: ${answer.status}`);
      }
      // The next turn's orders wait for this one's garbage collection (any instance's scheduler may do it).
      await this.untilAnswered(
        () => this.instances.events(number % 2, gameId),
        (events) => countOf(events, 'GarbageCollected') >= number,
      );
    }
    return tokens;
  }

  /** Polls `read` (through 503s and dropped connections) until `done` holds for what it returns. */
  async untilAnswered<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const value = await read();
        if (done(value)) return value;
      } catch {
        // 503 or no answer meanwhile
      }
      if (Date.now() > deadline) throw new Error('timed out waiting through the failover');
      await pause(50);
    }
  }
}
