import { Body, Controller, Get, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
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

/** The C2SP text formats are UTF-8 text (c2sp.org/signed-note). */
const C2SP_TEXT = 'text/plain; charset=utf-8';

/** A C2SP answer in the OpenAPI document: text when it succeeds (an error is the usual JSON). */
const textAnswer = (description: string) => ({ description, content: { [C2SP_TEXT]: { schema: { type: 'string' } } } });

/** Sets the text type once the answer is known, so that an error keeps its JSON type. */
function asText(response: Response, text: string): string {
  response.setHeader('Content-Type', C2SP_TEXT);
  return text;
}

/**
 * The tournament log (issue #18, 4): the organiser records the games' signed heads once per round and publishes the
 * tree head it answers; anyone reads the log and its proofs (heads are public: a revision and a hash keyed with the
 * game's secret). The same tree heads and proofs also answer in the C2SP formats (issue #28, 1), for standard
 * transparency-log tools: `/log/checkpoint`, `/log/tlog-proof`, `/log/tlog-consistency`.
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

  @Get('checkpoint')
  @Access('public')
  @ApiOperation({
    summary: 'The log’s checkpoint (at a size it had): a C2SP tlog-checkpoint, signed as a C2SP note (Ed25519)',
    description:
      'Three lines — the origin (TOURNAMENT_LOG_ORIGIN), the tree size, the base64 RFC 6962 root — a blank line, and ' +
      'the signature line `— <origin> <base64(key ID ‖ signature)>`, to be opened with the `vkey` listed at ' +
      '/.well-known/sanctum-keys.',
  })
  @ApiOkResponse(textAnswer('The signed checkpoint (c2sp.org/tlog-checkpoint).'))
  @ApiErrorResponse(404, 'The log never had that size.')
  async checkpoint(
    @Query() { size }: TreeHeadQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    return asText(response, await this.log.checkpoint(size));
  }

  @Get('tlog-proof')
  @Access('public')
  @ApiOperation({
    summary: 'A game head’s proof bundle: a C2SP tlog-proof, one file to keep (`.tlog-proof`)',
    description:
      '`c2sp.org/tlog-proof@v1`, `extra` (base64 of the logged head’s canonical JSON: the leaf itself), `index`, the ' +
      'RFC 6962 audit path (base64, leaf’s sibling first), a blank line, and the signed checkpoint it leads to.',
  })
  @ApiOkResponse(textAnswer('The tlog-proof (c2sp.org/tlog-proof).'))
  @ApiErrorResponse(404, 'The log holds no such head, or never had that size.')
  async tlogProof(
    @Query() { gameId, revision, size }: InclusionProofQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    return asText(response, await this.log.tlogProof(gameId, revision, size));
  }

  @Get('tlog-consistency')
  @Access('public')
  @ApiOperation({
    summary: 'A consistency proof to a checkpoint, as a C2SP witness takes it (tlog-witness add-checkpoint body)',
    description:
      '`old <first>`, the RFC 6962 consistency proof (base64, one hash a line), a blank line, and the signed ' +
      'checkpoint at `second`: checked against the checkpoint kept at size `first`.',
  })
  @ApiOkResponse(textAnswer('The proof and the checkpoint (c2sp.org/tlog-witness).'))
  @ApiErrorResponse(404, 'The log never had that size.')
  async tlogConsistency(
    @Query() { first, second }: ConsistencyProofQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    return asText(response, await this.log.tlogConsistency(first, second));
  }
}
