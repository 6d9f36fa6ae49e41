import { Body, Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import { GameCommandService, GameReads, GameReceipts, ScenarioFileInvalid } from '@app/games';
import { type GameSetup, SETUP_ID } from '@app/rules';
import { CommandId, IDEMPOTENCY_KEY, type RequestCommand } from '../commands/command-id.decorator';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { AcceptingWorkGuard } from '../lifecycle/accepting-work.guard';
import { CreateGameRequestDto } from './create-game.request.dto';
import { Access } from '../viewers/access.decorator';
import { ViewerTokens } from '../viewers/viewer-tokens.service';
import { CreateGameResponseDto } from './create-game.response.dto';
import { GameListResponseDto } from './game-summary.response.dto';
import { SetUpChecker } from './set-up-checker.service';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A game id when the body gives none. Random (fine outside libs/rules); but derived from the Idempotency-Key when
 * there is one, so that a retried creation names the same game and is answered from the first.
 */
function newGameId(command: RequestCommand): string {
  if (command.idempotent) return `g-${createHash('sha256').update(command.commandId).digest('hex').slice(0, 16)}`;
  return `g-${randomBytes(8).toString('hex')}`;
}

/** Splits `gameId` off the body and checks the rest as a set-up, reporting every problem of both at once. */
async function readCreateGameBody(
  body: unknown,
  command: RequestCommand,
  checker: SetUpChecker,
): Promise<{ gameId: string; setup: GameSetup }> {
  if (!isPlainObject(body)) throw new ScenarioFileInvalid(['(request) must be a JSON object']);
  const { gameId, ...rest } = body;
  const problems: string[] = [];
  if (gameId !== undefined && (typeof gameId !== 'string' || !SETUP_ID.test(gameId))) {
    problems.push('gameId must be letters, digits, _ and -, starting with a letter, at most 64 characters');
  }
  let setup: GameSetup | undefined;
  try {
    setup = await checker.check(rest);
  } catch (error) {
    if (!(error instanceof ScenarioFileInvalid)) throw error;
    problems.push(...error.problems);
  }
  if (setup === undefined || problems.length > 0) throw new ScenarioFileInvalid(problems);
  return { gameId: (gameId as string | undefined) ?? newGameId(command), setup };
}

@ApiTags('games')
@Controller('games')
export class GamesHttpController {
  constructor(
    private readonly commands: GameCommandService,
    private readonly reads: GameReads,
    private readonly tokens: ViewerTokens,
    private readonly setUps: SetUpChecker,
    private readonly receipts: GameReceipts,
  ) {}

  /**
   * The body is taken as plain JSON (not through the ValidationPipe): libs/games' set-up parser checks it (a large
   * one in a worker thread, see SetUpChecker) and leaves it untouched, so key order, and so every event and hash,
   * is the same as for the CLI.
   */
  @Post()
  @HttpCode(201)
  @Access('organiser', { purpose: 'create games' })
  @UseGuards(AcceptingWorkGuard)
  @ApiOperation({ summary: 'Create a game from a set-up (a scenario file without turns); answers the player tokens' })
  @ApiBody({ type: CreateGameRequestDto })
  @ApiHeader({
    name: IDEMPOTENCY_KEY,
    required: false,
    description:
      'The command id (default: a UUID). A retry with the same key answers with the first result and records nothing new.',
  })
  @ApiCreatedResponse({ type: CreateGameResponseDto })
  @ApiErrorResponse(400, 'Malformed set-up: every problem with its path.', {
    message: ['board.groups[0].minions[1].hp must not be less than 1'],
  })
  @ApiErrorResponse(409, 'A game with this id exists.')
  @ApiErrorResponse(422, 'The rules refuse the set-up.')
  @ApiErrorResponse(503, 'The store is unavailable, or shutting down.')
  async create(
    @Body() body: Record<string, unknown>,
    @CommandId() command: RequestCommand,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CreateGameResponseDto> {
    const { gameId, setup } = await readCreateGameBody(body, command, this.setUps);
    const outcome = await this.commands.createGame({ gameId, setup }, command.commandId, command.idempotent);
    response.location(`/games/${gameId}`);
    return {
      gameId,
      revision: outcome.revision,
      playerTokens: this.tokens.playerTokens(gameId),
      receipt: await this.receipts.forOutcome(outcome),
    };
  }

  /** Only where each game stands (public to all): nothing of any game's content. */
  @Get()
  @Access('reader')
  @ApiOperation({ summary: 'List the games, with where each stands' })
  @ApiOkResponse({ type: GameListResponseDto })
  async list(): Promise<GameListResponseDto> {
    return { games: await this.reads.summaries() };
  }
}
