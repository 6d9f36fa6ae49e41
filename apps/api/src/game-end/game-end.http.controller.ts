import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameCommandService, GameReceipts, type Viewer } from '@app/games';
import { CommandId, IDEMPOTENCY_KEY, type RequestCommand } from '../commands/command-id.decorator';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { AcceptingWorkGuard } from '../lifecycle/accepting-work.guard';
import { PlayerRequestDto } from '../orders/player.request.dto';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { assertPlaysAs } from '../viewers/plays-as';
import { AdjudicateResultRequestDto } from './adjudicate-result.request.dto';
import { GameEndedResponseDto } from './game-ended.response.dto';

/**
 * How a game ends before its turn limit (the pages give no way to win, so these are the project's [A]): a player
 * resigns, or the organiser rules the result. Either is recorded (PlayerResigned or ResultAdjudicated, then
 * GameEnded); afterwards orders and confirmations answer 409 naming the end.
 */
@ApiTags('orders')
@ApiHeader({
  name: IDEMPOTENCY_KEY,
  required: false,
  description:
    'The command id (default: a UUID). A retry with the same key answers with the first result and records nothing new.',
})
@ApiErrorResponse(400, 'Malformed request: every problem with its path.')
@ApiErrorResponse(404, 'No such game.')
@ApiErrorResponse(409, 'The game has already ended.', {
  message: 'A: the game has ended: red wins (blue resigned, turn 3)',
  rule: 'A',
  reason: 'the game has ended: red wins (blue resigned, turn 3)',
  field: null,
})
@ApiErrorResponse(503, 'The store is unavailable; retry with the same Idempotency-Key.')
@UseGuards(AcceptingWorkGuard)
@Controller('games/:id')
export class GameEndHttpController {
  constructor(
    private readonly commands: GameCommandService,
    private readonly receipts: GameReceipts,
  ) {}

  @Post('resign')
  @HttpCode(200)
  @Access('player', { purpose: 'resign' })
  @ApiOperation({ summary: '[A] The player gives the game up: the other side wins' })
  @ApiOkResponse({ type: GameEndedResponseDto })
  async resign(
    @Param('id', GameIdPipe) gameId: string,
    @Body() { player }: PlayerRequestDto,
    @CommandId() command: RequestCommand,
    @CurrentViewer() viewer: Viewer,
  ): Promise<GameEndedResponseDto> {
    assertPlaysAs(viewer, player);
    const outcome = await this.commands.handle(gameId, 'Resign', { player }, command);
    return { revision: outcome.revision, result: outcome.result, receipt: await this.receipts.forOutcome(outcome) };
  }

  @Post('result')
  @HttpCode(200)
  @Access('organiser', { purpose: 'rule results' })
  @ApiOperation({ summary: '[A] The organiser rules the result (a winner, or a draw) and says why' })
  @ApiOkResponse({ type: GameEndedResponseDto })
  async adjudicate(
    @Param('id', GameIdPipe) gameId: string,
    @Body() { winner, reason }: AdjudicateResultRequestDto,
    @CommandId() command: RequestCommand,
  ): Promise<GameEndedResponseDto> {
    const outcome = await this.commands.handle(gameId, 'AdjudicateResult', { winner, reason }, command);
    return { revision: outcome.revision, result: outcome.result, receipt: await this.receipts.forOutcome(outcome) };
  }
}
