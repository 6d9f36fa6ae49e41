import { Command, CommandRunner, Option } from 'nest-commander';
import { isDeepStrictEqual } from 'node:util';
import { COLOURS, runScenario, ScenarioFailed } from '@app/rules';
import type { Colour, DomainEvent, Scenario, ScenarioOrder, ScenarioTurn } from '@app/rules';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { gameIdFromFile, isGameId } from '../game-id';
import { writeLines } from '../output';
import { ScenarioFileReader } from '../scenario-file.reader';
import { runStoreTask } from '../transfer/run-store-task';
import { STORE_EXIT } from '../transfer/store-exit-codes';
import { ServiceClient, ServiceRefused } from './service.client';
import { requiredArgument } from '../required-argument';

export interface PlayOptions {
  url?: string;
  token?: string;
  gameId?: string;
}

/** Answers that mean the rules (or the game's phase) refused an order: what `expectRejected` allows. */
const ORDER_REFUSALS = [404, 409, 422];

/** How long the scheduled garbage collection of a turn may take to come before `play` gives up. */
const COLLECTION_TIMEOUT_MS = 30_000;
const COLLECTION_POLL_MS = 50;

/**
 * `sanctum play FILE --url URL --token TOKEN [--game-id ID]`: loads a scenario file with its turns into a running
 * service over HTTP, in the order `simulate` plays it: the set-up as a new game (organiser's token), then per turn
 * red's orders, blue's, red's confirmation and blue's (each with the player token the service handed out), and
 * waits for the turn's scheduled garbage collection. Every request carries the command id `simulate` gives it as
 * its Idempotency-Key, so the stored game is event for event the one `simulate FILE --game-id ID` prints, chained.
 * Prints the game id, its revision and its replay page.
 */
@Command({
  name: 'play',
  arguments: '<file>',
  description: 'load a scenario file and its turns into a running service over HTTP (a new game)',
  argsDescription: { file: 'the scenario file (relative paths: from where npm was started)' },
})
export class PlayCommand extends CommandRunner {
  constructor(private readonly reader: ScenarioFileReader) {
    super();
  }

  @Option({ flags: '--url <url>', description: 'the service, e.g. http://localhost:3000 (default: SANCTUM_URL)' })
  parseUrl(value: string): string {
    return value;
  }

  @Option({ flags: '--token <token>', description: "the organiser's token (default: ORGANISER_TOKEN)" })
  parseToken(value: string): string {
    return value;
  }

  @Option({ flags: '--game-id <id>', description: 'the new game id (default: from the file name, as simulate)' })
  parseGameId(value: string): string {
    return value;
  }

  async run(args: string[], options: PlayOptions = {}): Promise<void> {
    const file = requiredArgument(args, 'file');
    await runStoreTask(() => this.play(file, options));
  }

  private async play(file: string, options: PlayOptions): Promise<number> {
    const url = this.serviceUrl(options.url ?? process.env.SANCTUM_URL);
    const token = options.token ?? process.env.ORGANISER_TOKEN;
    if (!token)
      throw new CliFailure(EXIT.invalidInput, "--token: the organiser's token is needed (or ORGANISER_TOKEN)");
    const gameId = options.gameId ?? gameIdFromFile(file);
    if (!isGameId(gameId)) {
      throw new CliFailure(
        EXIT.invalidInput,
        `--game-id: "${gameId}" is not a valid game id (letters, digits, _ and -, starting with a letter, at most 64)`,
      );
    }
    const scenario = await this.reader.read(file);
    const service = new ServiceClient(url);
    try {
      const revision = await this.load(service, token, file, scenario, gameId);
      await writeLines(process.stdout, [
        `game ${gameId}: ${scenario.turns.length} turns played, revision ${revision}`,
        `replay: ${new URL(`/replay/${encodeURIComponent(gameId)}`, url).href}`,
      ]);
      return EXIT.ok;
    } catch (error) {
      if (error instanceof ServiceRefused) throw this.failure(error, gameId);
      throw error;
    }
  }

  private async load(
    service: ServiceClient,
    token: string,
    file: string,
    scenario: Scenario,
    gameId: string,
  ): Promise<number> {
    const { turns, ...setup } = scenario;
    const created = this.createdEvent(file, scenario, gameId);
    await this.refuseAnotherGame(service, token, created, gameId);
    const answer = await service.call('POST', '/games', token, {
      body: { ...setup, gameId },
      idempotencyKey: 'setup',
    });
    const players = answer.playerTokens as Record<Colour, string>;
    let revision = Number(answer.revision);
    const path = `/games/${encodeURIComponent(gameId)}`;
    for (const [t, turn] of turns.entries()) {
      const number = t + 1;
      for (const colour of COLOURS) {
        // The ids the service gave this player's orders of the turn, by place: what a `cancel` names.
        const given: (string | null)[] = [];
        for (const [o, order] of (turn.orders[colour] ?? []).entries()) {
          const orderId = await this.placeOrder(service, players[colour], path, colour, order, given, {
            key: `turn-${number}/${colour}/${o}`,
            place: `turns[${t}].orders.${colour}[${o}]`,
          });
          given.push(orderId);
        }
      }
      // [A] A turn that ends the game: its resignation or ruling in place of the confirmations; nothing follows it.
      const ending = await this.endGame(service, token, players, path, turn, number);
      if (ending !== null) {
        process.stderr.write(`turn ${number}: the game ended (revision ${ending})\n`);
        return ending;
      }
      for (const colour of COLOURS) {
        const confirmed = await service.call('POST', `${path}/confirm`, players[colour], {
          body: { player: colour },
          idempotencyKey: `turn-${number}/${colour}/confirm`,
        });
        revision = Number(confirmed.revision);
      }
      revision = await this.awaitCollection(service, token, path, revision, number);
      process.stderr.write(`turn ${number} played (revision ${revision})\n`);
    }
    return revision;
  }

  /** The turn's resignation (that player's token) or ruling (the organiser's), if it has one: the last revision. */
  private async endGame(
    service: ServiceClient,
    token: string,
    players: Record<Colour, string>,
    path: string,
    turn: ScenarioTurn,
    number: number,
  ): Promise<number | null> {
    if (turn.resign !== undefined) {
      const answer = await service.call('POST', `${path}/resign`, players[turn.resign], {
        body: { player: turn.resign },
        idempotencyKey: `turn-${number}/${turn.resign}/resign`,
      });
      return Number(answer.revision);
    }
    if (turn.result !== undefined) {
      const answer = await service.call('POST', `${path}/result`, token, {
        body: turn.result,
        idempotencyKey: `turn-${number}/result`,
      });
      return Number(answer.revision);
    }
    return null;
  }

  /** Places one order (or cancels an earlier one); returns the id of the order placed, null for none. */
  private async placeOrder(
    service: ServiceClient,
    token: string,
    path: string,
    colour: Colour,
    order: ScenarioOrder,
    given: readonly (string | null)[],
    where: { key: string; place: string },
  ): Promise<string | null> {
    const { expectRejected, cancel, ...body } = order;
    try {
      let orderId: string | null = null;
      if (cancel !== undefined) {
        const earlier = Number.isInteger(cancel) && cancel >= 0 ? (given[cancel] ?? null) : null;
        if (earlier === null) {
          // As simulate refuses it (run-scenario.ts orderCommand): an order the file cannot give.
          throw new CliFailure(
            EXIT.rejected,
            `${where.place}.cancel: rule S3: must be the place of an earlier order of ${colour} this turn that was accepted`,
          );
        }
        const query = `?player=${colour}`;
        await service.call('DELETE', `${path}/orders/${encodeURIComponent(earlier)}${query}`, token, {
          idempotencyKey: where.key,
        });
      } else {
        const answer = await service.call('POST', `${path}/orders`, token, {
          body: { player: colour, ...body },
          idempotencyKey: where.key,
        });
        orderId = typeof answer.orderId === 'string' ? answer.orderId : null;
      }
      if (expectRejected)
        process.stderr.write(`warning: ${where.place} is marked expectRejected, but it was accepted\n`);
      return orderId;
    } catch (error) {
      if (!(error instanceof ServiceRefused) || !ORDER_REFUSALS.includes(error.status)) throw error;
      const rule = typeof error.body.rule === 'string' ? `rule ${error.body.rule}: ` : '';
      const reason = String(error.body.reason ?? error.body.message);
      if (!expectRejected) throw new CliFailure(EXIT.rejected, `${where.place}: ${rule}${reason}`);
      process.stderr.write(`${where.place} rejected as expected: ${rule}${reason}\n`);
      return null;
    }
  }

  /** The game's first event as the set-up makes it; a set-up the rules refuse is refused here, as simulate does (2). */
  private createdEvent(file: string, scenario: Scenario, gameId: string): DomainEvent {
    try {
      const [created] = runScenario({ ...scenario, turns: [] }, gameId).events;
      // A set-up the rules accept is always recorded as its GameCreated.
      if (created === undefined) throw new Error(`${file}: the engine recorded no event for the set-up`);
      return created;
    } catch (error) {
      if (!(error instanceof ScenarioFailed)) throw error;
      const { field, rule, reason } = error.rejection;
      const where = `${field ? `${field}: ` : ''}${rule ? `rule ${rule}: ` : ''}`;
      throw new CliFailure(EXIT.invalidInput, `${file}: the rules refuse the set-up: ${where}${reason}`);
    }
  }

  /**
   * A game of that id that the file did not create is refused before anything is sent; the file's own game (a
   * load run again) is answered from its first run by the Idempotency-Keys and records nothing new.
   */
  private async refuseAnotherGame(
    service: ServiceClient,
    token: string,
    created: DomainEvent,
    gameId: string,
  ): Promise<void> {
    let stored: { type: string; data: unknown }[];
    try {
      const answer = await service.call('GET', `/games/${encodeURIComponent(gameId)}/events?to=0`, token);
      stored = answer.events as { type: string; data: unknown }[];
    } catch (error) {
      if (error instanceof ServiceRefused && error.status === 404) return;
      throw error;
    }
    if (!isDeepStrictEqual(stored[0]?.data, created.data)) {
      throw new CliFailure(
        STORE_EXIT.conflict,
        `game ${gameId} already exists in the service with another set-up than the file's: nothing was sent`,
      );
    }
  }

  /** The service collects the turn's garbage by itself a moment after the second confirmation: wait for it. */
  private async awaitCollection(
    service: ServiceClient,
    token: string,
    path: string,
    from: number,
    turn: number,
  ): Promise<number> {
    const deadline = Date.now() + COLLECTION_TIMEOUT_MS;
    for (;;) {
      // The collection is one atomic append (the next turn's start included): once it shows, all of it does.
      const answer = await service.call('GET', `${path}/events?from=${from}`, token);
      const events = answer.events as { revision: number; type: string }[];
      const last = events.at(-1);
      if (last !== undefined && events.some((event) => event.type === 'GarbageCollected')) return last.revision;
      if (Date.now() > deadline) {
        throw new CliFailure(
          EXIT.internal,
          `turn ${turn}: the service did not collect the turn's garbage within ${COLLECTION_TIMEOUT_MS / 1000} s`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, COLLECTION_POLL_MS));
    }
  }

  private serviceUrl(given: string | undefined): string {
    if (!given) throw new CliFailure(EXIT.invalidInput, '--url: the service to load the game into is needed');
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      throw new CliFailure(EXIT.invalidInput, `--url ${given}: not a URL (http://host:port)`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new CliFailure(EXIT.invalidInput, `--url ${given}: only http and https services can be called`);
    }
    return url.href;
  }

  /** A refusal as an exit code: a token not accepted is bad input (2), a taken id a conflict (1). */
  private failure(error: ServiceRefused, gameId: string): CliFailure {
    if (error.status === 401 || error.status === 403) {
      return new CliFailure(EXIT.invalidInput, `--token: ${error.message}`);
    }
    if (error.status === 409 && error.message.startsWith('POST /games:')) {
      return new CliFailure(STORE_EXIT.conflict, `game ${gameId}: ${error.message}`);
    }
    if (error.status === 400) return new CliFailure(EXIT.invalidInput, error.message);
    return new CliFailure(EXIT.internal, error.message);
  }
}
