import { EventStore, WrongExpectedRevisionError } from '@app/event-store';
import { CommandRejected, execute, initialState, inputCommandOf } from '@app/rules';
import type { Command, CommandDataMap, CommandType, Decision, DomainEvent } from '@app/rules';
import { Inject, Injectable } from '@nestjs/common';
import { ConcurrencyConflictError, GameAlreadyExistsError, IdempotencyKeyReusedError } from '../games.errors';
import { GAMES_OPTIONS, type GamesOptions } from '../games.options';
import { gameStream } from '../game-stream';
import { GameRepository } from '../loading/game-repository';
import type { LoadedGame } from '../loading/loaded-game';
import { gameEventAt } from '../loading/game-events.reader';
import { snapshotDue } from '../loading/snapshot.policy';
import { KeyedLock } from './keyed-lock';
import { RecordedCommandFinder, commandOwner } from './recorded-command.finder';
import { sameCommand, sameCreation } from './same-command';
import type { StoredGameEvent } from '../recording/stored-game-event';
import { type CommandOutcome, type CommandRecord, commandOutcome } from './command-outcome';
import { gameResultAt } from '../game-end/game-result-at';
import { CHAIN_SECRET_FIELD, chainEvents, genesisHash } from '@app/verifier';
import { drawChainSecret } from '../recording/draw-chain-secret';
import { inGameSpan, rememberAppendSpan } from '../tracing/game-spans';

/** How a command is identified; `idempotent` asks for a retried command id to answer with its first result. */
export interface CommandIdentity {
  commandId: string;
  correlationId?: string;
  idempotent?: boolean;
}

/** Told of every command this process records, right after its append (see GameCommandService.onRecorded). */
export type RecordedListener = (gameId: string, events: readonly StoredGameEvent[]) => void;

/**
 * Command handling (docs/design.md): load (snapshot + events since) → decide → one atomic append with
 * the expected revision → on a revision conflict, reload and decide again, a bounded number of times. A command
 * the rules refuse throws CommandRejected and appends nothing.
 */
@Injectable()
export class GameCommandService {
  private readonly locks = new KeyedLock();
  private readonly recordedListeners = new Set<RecordedListener>();

  constructor(
    private readonly store: EventStore,
    private readonly games: GameRepository,
    private readonly recorded: RecordedCommandFinder,
    @Inject(GAMES_OPTIONS) private readonly options: GamesOptions,
  ) {}

  /** Creates a game; its outcome (command-outcome.ts) is read from what was recorded, or from the first answer. */
  async createGame(
    data: CommandDataMap['CreateGame'],
    commandId: string,
    idempotent = false,
  ): Promise<CommandOutcome<'CreateGame'>> {
    return commandOutcome('CreateGame', await this.recordCreation(data, commandId, idempotent));
  }

  /** Handles a command of a game; its outcome (command-outcome.ts) is typed by the command's type. */
  async handle<K extends Exclude<CommandType, 'CreateGame'>>(
    gameId: string,
    type: K,
    data: CommandDataMap[K],
    identity: CommandIdentity,
  ): Promise<CommandOutcome<K>> {
    return commandOutcome(type, await this.recordCommand(gameId, type, data, identity));
  }

  private async recordCreation(
    data: CommandDataMap['CreateGame'],
    commandId: string,
    idempotent: boolean,
  ): Promise<CommandRecord> {
    const chainSecret = drawChainSecret();
    const empty: LoadedGame = {
      gameId: data.gameId,
      revision: -1,
      state: initialState(),
      lastHash: genesisHash(data.gameId, chainSecret),
    };
    const command: Command = { type: 'CreateGame', data, metadata: { commandId } };
    try {
      return await this.record(empty, command, chainSecret);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      // The same creation retried answers as the first time; any other creation of the id is refused.
      const first = await gameEventAt(this.store, data.gameId, 0);
      const earlier =
        idempotent && first?.metadata.commandId === commandId ? await this.replay(data.gameId, commandId) : null;
      if (earlier === null) throw new GameAlreadyExistsError(data.gameId);
      // The key of a creation names its game; another set-up under it is another command, never a retry.
      if (!sameCreation(first, command)) throw new IdempotencyKeyReusedError(data.gameId, commandId);
      return earlier;
    }
  }

  private async recordCommand<K extends Exclude<CommandType, 'CreateGame'>>(
    gameId: string,
    type: K,
    data: CommandDataMap[K],
    identity: CommandIdentity,
  ): Promise<CommandRecord> {
    const { idempotent, ...metadata } = identity;
    const command = { type, data, metadata } as Command;
    return this.locks.run(gameId, async () => {
      for (let attempt = 1; attempt <= this.options.maxCommandAttempts; attempt += 1) {
        // Checked on every attempt: another process may have recorded the same command while this one retried.
        if (idempotent) {
          const earlier = await this.replay(gameId, metadata.commandId, command);
          if (earlier) return earlier;
        }
        // The cached state is good enough to decide on first: if another process moved the game on, the append
        // says so. A refusal on a cached state is re-checked on a fresh one before it is reported.
        const fresh = attempt > 1;
        const game = await this.games.checkout(gameId, fresh);
        try {
          return await this.record(game, command);
        } catch (error) {
          const stale = error instanceof WrongExpectedRevisionError || (error instanceof CommandRejected && !fresh);
          if (!stale) throw error;
        }
      }
      throw new ConcurrencyConflictError(gameId, this.options.maxCommandAttempts);
    });
  }

  /**
   * Calls `listener` with the events of every command this process records, synchronously, before the command's
   * caller hears of it: a command the listener starts for the same game (the scheduler's garbage collection)
   * queues behind it and ahead of any request that arrives later. Returns the unsubscribe.
   */
  onRecorded(listener: RecordedListener): () => void {
    this.recordedListeners.add(listener);
    return () => this.recordedListeners.delete(listener);
  }

  /**
   * The outcome a command of the same caller recorded earlier under this id, answered again as it was (its own last
   * revision); null when that caller recorded none under it (another caller's command under the same id is not
   * its business). The same id on a different command of the same caller is refused: answering with another
   * command's outcome would record nothing and claim success. Without `command`: the organiser's set-up.
   */
  private async replay(gameId: string, commandId: string, command?: Command): Promise<CommandRecord | null> {
    const events = await this.recorded.find(gameId, commandId, commandOwner(command?.data));
    const [first] = events ?? [];
    const last = events?.at(-1);
    if (events === null || first === undefined || last === undefined) return null;
    const recorded = inputCommandOf(first);
    if (command !== undefined && (recorded === null || !sameCommand(recorded, command))) {
      throw new IdempotencyKeyReusedError(gameId, commandId);
    }
    const latest = await this.games.loadLatest(gameId);
    // A game that has not ended by now had not by this command; one that has may have ended after it: read there.
    const resultAtRevision =
      latest.state.result === null ? null : await gameResultAt(this.store, gameId, last.revision);
    return { gameId, events, revision: last.revision, state: latest.state, resultAtRevision, replayed: true };
  }

  /**
   * Decides on the game's own state (checked out of the cache, so deciding in place is safe) and appends. A
   * refusal leaves the state untouched and it goes back to the cache; after any other failure it is dropped.
   */
  private async record(game: LoadedGame, command: Command, chainSecret?: string): Promise<CommandRecord> {
    let decision: Decision;
    const traced = { 'sanctum.game_id': game.gameId, 'sanctum.command': command.type };
    try {
      decision = inGameSpan('decide', traced, () => execute(game.state, command, { inPlace: true }));
    } catch (error) {
      if (error instanceof CommandRejected && game.revision >= 0) this.games.remember(game);
      throw error;
    }
    if (chainSecret !== undefined) {
      // Recorded with the game's first event (GameCreated), which keys the genesis the chain starts from.
      const [created] = decision.events;
      if (created !== undefined) {
        created.metadata = { ...created.metadata, [CHAIN_SECRET_FIELD]: chainSecret } as DomainEvent['metadata'];
      }
    }
    // Read now: the state is the cache's, and the next command of the game decides on it in place.
    const resultAtRevision = decision.state.result;
    const { events, lastHash } = chainEvents<DomainEvent>(game.lastHash, decision.events);
    const expected = game.revision < 0 ? 'no-stream' : game.revision;
    const appended = await inGameSpan('append', { ...traced, 'sanctum.events': events.length }, async (span) => {
      const result = await this.store.append(
        gameStream(game.gameId),
        events.map((event) => ({ type: event.type, data: event.data, metadata: { ...event.metadata } })),
        expected,
      );
      rememberAppendSpan(game.gameId, result.firstRevision, result.lastRevision, span);
      return result;
    });
    const every = this.options.snapshotEvery;
    const due = snapshotDue(game.revision, appended.lastRevision, events, every, game.snapshotRevision);
    const recorded: LoadedGame = {
      gameId: game.gameId,
      revision: appended.lastRevision,
      state: decision.state,
      lastHash,
      snapshotRevision: due ? appended.lastRevision : game.snapshotRevision,
    };
    this.games.remember(recorded);
    const lines: StoredGameEvent[] = events.map((event, i) => ({ revision: appended.firstRevision + i, ...event }));
    for (const listener of this.recordedListeners) listener(game.gameId, lines);
    if (due) await this.games.saveSnapshot(recorded);
    return {
      gameId: game.gameId,
      events: lines,
      revision: appended.lastRevision,
      state: decision.state,
      resultAtRevision,
    };
  }
}
