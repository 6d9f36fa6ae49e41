import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameAuditService } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { GameAuditResponseDto } from './game-audit.response.dto';

/**
 * `GET /games/:id/audit` (docs/design.md), the organiser's: the audit re-derives and quotes every event, hidden
 * ones included. A tampered game is a successful audit with a negative verdict, so the answer is 200 either way.
 */
@ApiTags('audit')
@Access('organiser', { purpose: 'audit games' })
@Controller('games/:id/audit')
export class GameAuditHttpController {
  constructor(private readonly audits: GameAuditService) {}

  @Get()
  @ApiOperation({
    summary: 'Audit a game: is its hash chain intact, and does the engine re-derive every stored event? (organiser)',
  })
  @ApiOkResponse({ type: GameAuditResponseDto })
  @ApiErrorResponse(400, 'Malformed game id.')
  @ApiErrorResponse(404, 'No such game.')
  async audit(@Param('id', GameIdPipe) gameId: string): Promise<GameAuditResponseDto> {
    return (await this.audits.audit(gameId)) as GameAuditResponseDto;
  }
}
