import { Controller, Get, HttpCode, Logger, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { GameCommandService, GameReceipts, GameRecords, type Viewer } from '@app/games';
import { CommandId, IDEMPOTENCY_KEY, type RequestCommand } from '../commands/command-id.decorator';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { AcceptingWorkGuard } from '../lifecycle/accepting-work.guard';
import { RevisionResponseDto } from '../orders/revision.response.dto';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { drainedOrClosed } from './writable-drain.wait';

const NOT_PUBLIC =
  'the record of game g-friday-final is not public: until the organiser publishes it, once the game has ended, only ' +
  'the organiser reads it (everyone else reads the game as their view shows it)';

/**
 * A game's whole record (issue #28): the organiser publishes a finished game's record [A] — recorded as the game's
 * last event, GameRecordPublished — after which anyone may download it (`GET /games/:id/export`, what
 * `sanctum export` writes) and re-simulate it, on the command line or in the replay page. Before that the export is
 * the organiser's alone: nothing hidden leaves through it.
 */
@ApiTags('receipts')
@Controller('games/:id')
export class GameRecordHttpController {
  private readonly logger = new Logger(GameRecordHttpController.name);

  constructor(
    private readonly commands: GameCommandService,
    private readonly receipts: GameReceipts,
    private readonly records: GameRecords,
  ) {}

  @Post('publish')
  @HttpCode(200)
  @UseGuards(AcceptingWorkGuard)
  @Access('organiser', { purpose: 'publish a game’s record' })
  @ApiOperation({
    summary: '[A] The organiser makes a finished game’s whole record public (once): anyone may then re-simulate it',
  })
  @ApiHeader({
    name: IDEMPOTENCY_KEY,
    required: false,
    description: 'The command id (default: a UUID). A retry with the same key answers with the first result.',
  })
  @ApiOkResponse({ type: RevisionResponseDto })
  @ApiErrorResponse(404, 'No such game.')
  @ApiErrorResponse(409, 'The record is already public (without an Idempotency-Key), or a collection is still due.', {
    message: 'A: the record of this game is already public: red wins (blue resigned, turn 3)',
    rule: 'A',
    reason: 'the record of this game is already public: red wins (blue resigned, turn 3)',
    field: null,
  })
  @ApiErrorResponse(422, 'The game goes on: only a finished game’s record may be published.', {
    message: "A: only a finished game's record may be published: the game goes on (turn 3, orders phase)",
    rule: 'A',
    reason: "only a finished game's record may be published: the game goes on (turn 3, orders phase)",
    field: null,
  })
  @ApiErrorResponse(503, 'The store is unavailable; retry with the same Idempotency-Key.')
  async publish(
    @Param('id', GameIdPipe) gameId: string,
    @CommandId() command: RequestCommand,
  ): Promise<RevisionResponseDto> {
    const outcome = await this.commands.handle(gameId, 'PublishRecord', {}, command);
    return { revision: outcome.revision, receipt: await this.receipts.forOutcome(outcome) };
  }

  @Get('export')
  @Access('reader')
  @ApiOperation({
    summary:
      'The game’s whole record as JSON lines (every stored event with its hash chain: what `sanctum export` writes): ' +
      'the organiser’s, and everyone’s once the record is published',
  })
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({
    description: 'One stored event a line, `{"revision","type","data","metadata"}`, in revision order.',
  })
  @ApiErrorResponse(403, 'The record is not public (yet), and the caller is not the organiser.', {
    message: NOT_PUBLIC,
  })
  @ApiErrorResponse(404, 'No such game.')
  async export(
    @Param('id', GameIdPipe) gameId: string,
    @CurrentViewer() viewer: Viewer,
    @Res() response: Response,
  ): Promise<void> {
    const pages = await this.records.pages(gameId, viewer);
    response.status(200).set({
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Content-Disposition': `attachment; filename="${gameId}.jsonl"`,
      'X-Content-Type-Options': 'nosniff',
    });
    try {
      // Written page by page as the client reads: a record of any length is never held whole.
      for await (const page of pages) {
        if (!response.write(page.map((event) => `${JSON.stringify(event)}\n`).join(''))) {
          // A client that leaves never drains: its going ends the read too.
          await drainedOrClosed(response);
        }
        if (response.destroyed) return;
      }
      response.end();
    } catch (error) {
      // The status is sent: a record cut short must not look whole to the client, so the connection is broken off.
      this.logger.warn(`the export of ${gameId} stopped: ${(error as Error).message}`);
      response.destroy(error as Error);
    }
  }
}
