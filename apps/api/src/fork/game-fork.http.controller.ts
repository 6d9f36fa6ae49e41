import {
  Body,
  Controller,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  UnprocessableEntityException,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { randomBytes } from 'node:crypto';
import { ForkRefusedError, GameForkService, ScenarioFileInvalid } from '@app/games';
import { SETUP_ID } from '@app/rules';
import { errorBody } from '../errors/error-body';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { AcceptingWorkGuard } from '../lifecycle/accepting-work.guard';
import { Access } from '../viewers/access.decorator';
import { ViewerTokens } from '../viewers/viewer-tokens.service';
import { ForkGameQueryDto } from './fork-game.query.dto';
import { ForkGameRequestDto } from './fork-game.request.dto';
import { ForkGameResponseDto } from './fork-game.response.dto';

/** The body is optional (`{}` or none) and may only name the new game (checked by hand: it may be absent). */
function newGameIdOf(body: unknown): string {
  const given = body === undefined || body === null ? {} : body;
  if (typeof given !== 'object' || Array.isArray(given))
    throw new ScenarioFileInvalid(['(request) must be a JSON object']);
  const { gameId, ...rest } = given as Record<string, unknown>;
  const problems = Object.keys(rest).map((key) => `property ${key} should not exist`);
  if (gameId !== undefined && (typeof gameId !== 'string' || !SETUP_ID.test(gameId))) {
    problems.push('gameId must be letters, digits, _ and -, starting with a letter, at most 64 characters');
  }
  if (problems.length > 0) throw new ScenarioFileInvalid(problems);
  // Outside libs/rules randomness is fine: a fresh id only has to be unique and valid.
  return (gameId as string | undefined) ?? `g-${randomBytes(8).toString('hex')}`;
}

@ApiTags('games')
@Controller('games/:id/fork')
export class GameForkHttpController {
  constructor(
    private readonly forks: GameForkService,
    private readonly tokens: ViewerTokens,
  ) {}

  /** The organiser's: a fork copies every event, hidden ones included, into a game it then hands out tokens for. */
  @Post()
  @HttpCode(201)
  @Access('organiser', { purpose: 'fork games' })
  @UseGuards(AcceptingWorkGuard)
  @ApiOperation({
    summary: 'Fork a game: a new game starting with its events up to a revision, linked to it, then played on its own',
  })
  @ApiBody({ type: ForkGameRequestDto, required: false })
  @ApiCreatedResponse({ type: ForkGameResponseDto })
  @ApiErrorResponse(400, 'Malformed id, revision or body.')
  @ApiErrorResponse(404, 'No such game, or it has no such revision.')
  @ApiErrorResponse(409, 'The new game id is taken.', { message: 'game g-friday-final-replay already exists' })
  @ApiErrorResponse(
    422,
    'The revision is inside a command (the answer names the nearest fork points), or the origin’s hash chain is broken.',
    {
      message:
        'revision 40 is in the middle of command 5f0c… (revisions 37 to 52): a fork point must end a command; ' +
        'fork at 36 or 52',
    },
  )
  @ApiErrorResponse(503, 'The store is unavailable, or shutting down.')
  async fork(
    @Param('id', GameIdPipe) originId: string,
    @Query() { at }: ForkGameQueryDto,
    @Body() body: Record<string, unknown> | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ForkGameResponseDto> {
    const newId = newGameIdOf(body);
    try {
      const outcome = await this.forks.fork(originId, newId, at);
      response.location(`/games/${outcome.gameId}`);
      return { ...outcome, playerTokens: this.tokens.playerTokens(outcome.gameId) };
    } catch (error) {
      if (error instanceof ForkRefusedError) throw new UnprocessableEntityException(errorBody(422, error.message));
      throw error;
    }
  }
}
