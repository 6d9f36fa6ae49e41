import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameReceipts, UnkeyedChainError, type Viewer } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { GameReceiptsQueryDto } from './game-receipts.query.dto';
import { GameReceiptsResponseDto } from './game-receipts.response.dto';
import { SignedGameHeadDto } from './receipt.response.dto';

/**
 * Receipts recomputed from the stored events (deterministic signatures: the same as answered to the command), for
 * a player who lost one and for the commands nobody calls over HTTP (the scheduled collections); and the signed
 * head of a game, which anyone may fetch: hashes are keyed with the game's secret and reveal nothing.
 */
@ApiTags('receipts')
@ApiErrorResponse(400, 'Malformed game id or query (named).')
@ApiErrorResponse(404, 'No such game.')
@Controller('games/:id')
export class GameReceiptsHttpController {
  constructor(private readonly receipts: GameReceipts) {}

  @Get('receipts')
  @Access('reader', { viewAs: true })
  @ApiOperation({ summary: 'The signed receipts of the recorded commands the caller may see, whole or in pages' })
  @ApiOkResponse({ type: GameReceiptsResponseDto })
  async list(
    @Param('id', GameIdPipe) gameId: string,
    @Query() { commandId, from, limit, describe }: GameReceiptsQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<GameReceiptsResponseDto> {
    const { receipts, commands, next } = await this.receipts.page(gameId, viewer, { commandId, from, limit });
    // `next` only for a page, as GET /games/:id/events does: an answer without `limit` stays as it was.
    return {
      gameId,
      receipts,
      ...(describe === 'true' ? { commands } : {}),
      ...(limit === undefined ? {} : { next }),
    };
  }

  @Get('head')
  @Access('reader')
  @ApiOperation({ summary: 'The game’s latest revision and chain hash, signed' })
  @ApiOkResponse({ type: SignedGameHeadDto })
  @ApiErrorResponse(
    409,
    'A game recorded before chain secrets: its head is the organiser’s (its hash would tell hidden events).',
    { message: new UnkeyedChainError('g-friday-final').message },
  )
  head(@Param('id', GameIdPipe) gameId: string, @CurrentViewer() viewer: Viewer): Promise<SignedGameHeadDto> {
    return this.receipts.head(gameId, viewer);
  }
}
