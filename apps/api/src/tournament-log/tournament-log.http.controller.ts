import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TournamentLog } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { AcceptingWorkGuard } from '../lifecycle/accepting-work.guard';
import { Access } from '../viewers/access.decorator';
import { RecordHeadsRequestDto } from './record-heads.request.dto';
import { ConsistencyProofQueryDto, InclusionProofQueryDto, TreeHeadQueryDto } from './tournament-log.query.dto';
import {
  ConsistencyProofResponseDto,
  InclusionProofResponseDto,
  LogEntriesResponseDto,
  RecordedHeadsResponseDto,
  SignedTreeHeadDto,
} from './tournament-log.response.dto';

/**
 * The tournament log (issue #18, 4): the organiser records the games' signed heads once per round and publishes the
 * tree head it answers; anyone reads the log and its proofs (heads are public: a revision and a hash keyed with the
 * game's secret).
 */
@ApiTags('tournament log')
@ApiErrorResponse(400, 'A malformed query or body (named).')
@Controller('log')
export class TournamentLogHttpController {
  constructor(private readonly log: TournamentLog) {}

  @Post('heads')
  @HttpCode(200)
  @Access('organiser', { purpose: 'record heads in the tournament log' })
  @UseGuards(AcceptingWorkGuard)
  @ApiOperation({
    summary: 'Record the current head of every game (or of the given ones); answers the signed tree head',
  })
  @ApiOkResponse({ type: RecordedHeadsResponseDto })
  @ApiErrorResponse(404, 'A game named does not exist.')
  record(@Body() { gameIds }: RecordHeadsRequestDto): Promise<RecordedHeadsResponseDto> {
    return this.log.record(gameIds);
  }

  @Get('tree-head')
  @Access('public')
  @ApiOperation({ summary: 'The signed tree head of the log (at a size it had)' })
  @ApiOkResponse({ type: SignedTreeHeadDto })
  @ApiErrorResponse(404, 'The log never had that size.')
  treeHead(@Query() { size }: TreeHeadQueryDto): Promise<SignedTreeHeadDto> {
    return this.log.treeHead(size);
  }

  @Get('entries')
  @Access('public')
  @ApiOperation({ summary: 'Every head of the log, in order (to recompute its root)' })
  @ApiOkResponse({ type: LogEntriesResponseDto })
  async entries(): Promise<LogEntriesResponseDto> {
    return { entries: await this.log.entries() };
  }

  @Get('inclusion')
  @Access('public')
  @ApiOperation({ summary: 'An inclusion proof: the game’s head is a leaf of the tree the signed tree head names' })
  @ApiOkResponse({ type: InclusionProofResponseDto })
  @ApiErrorResponse(404, 'The log holds no such head, or never had that size.')
  inclusion(@Query() { gameId, revision, size }: InclusionProofQueryDto): Promise<InclusionProofResponseDto> {
    return this.log.inclusion(gameId, revision, size);
  }

  @Get('consistency')
  @Access('public')
  @ApiOperation({ summary: 'A consistency proof: the log at the second size extends the log at the first' })
  @ApiOkResponse({ type: ConsistencyProofResponseDto })
  @ApiErrorResponse(404, 'The log never had that size.')
  consistency(@Query() { first, second }: ConsistencyProofQueryDto): Promise<ConsistencyProofResponseDto> {
    return this.log.consistency(first, second);
  }
}
