import { Body, Controller, Delete, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameCommandService, GameReceipts, type Viewer } from '@app/games';
import { type ScenarioOrder, placingCommand } from '@app/rules';
import { CommandId, IDEMPOTENCY_KEY, type RequestCommand } from '../commands/command-id.decorator';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { AcceptingWorkGuard } from '../lifecycle/accepting-work.guard';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { assertPlaysAs } from '../viewers/plays-as';
import { ConfirmOrdersResponseDto } from './confirm-orders.response.dto';
import { PlaceOrderRequestDto } from './place-order.request.dto';
import { PlaceOrderResponseDto } from './place-order.response.dto';
import { PlayerRequestDto } from './player.request.dto';
import { ORDER_BODY_FIELDS, withBodyFields } from './rejected-field';
import { RevisionResponseDto } from './revision.response.dto';

/** The validated DTO as the plain order a scenario file would hold (no class instance, no undefined fields). */
function plainOrder(dto: PlaceOrderRequestDto): ScenarioOrder {
  const { player: _player, ...order } = JSON.parse(JSON.stringify(dto)) as ScenarioOrder & { player: string };
  return order;
}

@ApiTags('orders')
@ApiHeader({
  name: IDEMPOTENCY_KEY,
  required: false,
  description:
    'The command id (default: a UUID). A retry with the same key answers with the first result and records nothing new.',
})
@ApiErrorResponse(400, 'Malformed request: every problem with its path.')
@ApiErrorResponse(404, 'No such game (or order).')
@ApiErrorResponse(409, 'Not now (wrong phase, already confirmed), or the game kept changing.', {
  message: 'T2: player: red has already confirmed the orders of turn 3',
  rule: 'T2',
  reason: 'red has already confirmed the orders of turn 3',
  field: 'player',
})
@ApiErrorResponse(503, 'The store is unavailable; retry with the same Idempotency-Key.')
@Access('player', { purpose: 'give, cancel or confirm orders' })
@UseGuards(AcceptingWorkGuard)
@Controller('games/:id')
export class OrdersHttpController {
  constructor(
    private readonly commands: GameCommandService,
    private readonly receipts: GameReceipts,
  ) {}

  @Post('orders')
  @HttpCode(201)
  @ApiOperation({ summary: 'Give one order of the orders phase: a cast, an attack or a discard' })
  @ApiCreatedResponse({ type: PlaceOrderResponseDto })
  @ApiErrorResponse(422, 'The rules refuse the order (rule id, reason).')
  async place(
    @Param('id', GameIdPipe) gameId: string,
    @Body() body: PlaceOrderRequestDto,
    @CommandId() command: RequestCommand,
    @CurrentViewer() viewer: Viewer,
  ): Promise<PlaceOrderResponseDto> {
    assertPlaysAs(viewer, body.player);
    // The CLI's own mapping from a scenario order to its command: both give the engine identical data.
    const order = placingCommand(body.player, plainOrder(body), command.commandId, 'order');
    const outcome = await withBodyFields(ORDER_BODY_FIELDS[order.type], () =>
      this.commands.handle(gameId, order.type, order.data, command),
    );
    return {
      orderId: outcome.orderId,
      revision: outcome.revision,
      receipt: await this.receipts.forOutcome(outcome),
    };
  }

  @Delete('orders/:orderId')
  @ApiOperation({ summary: 'Cancel one of the player’s orders of this turn, before confirming (S3/S4)' })
  @ApiOkResponse({ type: RevisionResponseDto })
  async cancel(
    @Param('id', GameIdPipe) gameId: string,
    @Param('orderId') orderId: string,
    @Query() { player }: PlayerRequestDto,
    @CommandId() command: RequestCommand,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RevisionResponseDto> {
    assertPlaysAs(viewer, player);
    // The other side's order is answered exactly like one that does not exist (the engine's T2 refusal).
    const outcome = await this.commands.handle(gameId, 'CancelOrder', { player, orderId }, command);
    return { revision: outcome.revision, receipt: await this.receipts.forOutcome(outcome) };
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm the player’s orders; the second confirmation executes the turn (T2)' })
  @ApiOkResponse({ type: ConfirmOrdersResponseDto })
  async confirm(
    @Param('id', GameIdPipe) gameId: string,
    @Body() { player }: PlayerRequestDto,
    @CommandId() command: RequestCommand,
    @CurrentViewer() viewer: Viewer,
  ): Promise<ConfirmOrdersResponseDto> {
    assertPlaysAs(viewer, player);
    const outcome = await this.commands.handle(gameId, 'ConfirmOrders', { player }, command);
    return {
      revision: outcome.revision,
      executed: outcome.executedTurn !== null,
      receipt: await this.receipts.forOutcome(outcome),
    };
  }
}
