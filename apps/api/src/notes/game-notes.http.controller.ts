import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameNotes, NoteRefusedError, ORGANISER, type Viewer, viewNote } from '@app/games';
import { errorBody } from '../errors/error-body';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { AcceptingWorkGuard } from '../lifecycle/accepting-work.guard';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { AddNoteRequestDto } from './add-note.request.dto';
import { GameNotesQueryDto } from './game-notes.query.dto';
import { AddNoteResponseDto, GameNotesResponseDto } from './game-notes.response.dto';

/**
 * A judge's notes (issue #27, 3): the organiser writes a note on a revision and names who may read it; every caller
 * reads the notes meant for it. Notes live in a stream of their own, never in the game's hash chain.
 */
@ApiTags('review')
@Controller('games/:id/notes')
export class GameNotesHttpController {
  constructor(private readonly notes: GameNotes) {}

  @Post()
  @HttpCode(201)
  @Access('organiser', { purpose: 'write notes' })
  @UseGuards(AcceptingWorkGuard)
  @ApiOperation({ summary: 'Write a note on a revision, for whom `visibleTo` names (and the organiser)' })
  @ApiCreatedResponse({ type: AddNoteResponseDto })
  @ApiErrorResponse(
    400,
    'A field is malformed (named): `text` of 1 to 2,000 characters, `visibleTo` from red, blue, public.',
    {
      message: ['text must be shorter than or equal to 2000 characters'],
    },
  )
  @ApiErrorResponse(404, 'No such game, or no such revision.')
  @ApiErrorResponse(409, 'The game holds the most notes it may (1,000).')
  @ApiErrorResponse(503, 'The store is unavailable, or shutting down.')
  async add(@Param('id', GameIdPipe) gameId: string, @Body() body: AddNoteRequestDto): Promise<AddNoteResponseDto> {
    try {
      const note = await this.notes.add(gameId, {
        revision: body.revision,
        text: body.text,
        visibleTo: body.visibleTo,
      });
      return { gameId, note: viewNote(ORGANISER, note) };
    } catch (error) {
      if (!(error instanceof NoteRefusedError)) throw error;
      if (error.kind === 'full') throw new ConflictException(errorBody(409, error.message));
      throw new BadRequestException(errorBody(400, error.problems));
    }
  }

  @Get()
  @Access('reader', { viewAs: true })
  @ApiOperation({ summary: 'The notes the caller may read, about a range of revisions' })
  @ApiOkResponse({ type: GameNotesResponseDto })
  @ApiErrorResponse(400, 'A query parameter is malformed (named).')
  @ApiErrorResponse(404, 'No such game.')
  async list(
    @Param('id', GameIdPipe) gameId: string,
    @Query() { from, to }: GameNotesQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<GameNotesResponseDto> {
    return { gameId, notes: await this.notes.list(viewer, gameId, { from, to }) };
  }
}
