import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NOTE_AUDIENCES } from '@app/games';

export class NoteDto {
  @ApiProperty({ example: 17, description: 'The revision the note is about.' })
  revision!: number;

  @ApiProperty({ example: 'The bolt was cast before blue confirmed: fine.' })
  text!: string;

  @ApiPropertyOptional({ example: 'note.3', description: 'The organiser’s alone: the note’s id.' })
  id?: string;

  @ApiPropertyOptional({
    type: [String],
    enum: NOTE_AUDIENCES,
    description: 'The organiser’s alone: who else may read it.',
  })
  visibleTo?: string[];
}

export class GameNotesResponseDto {
  @ApiProperty({ example: 'demo' })
  gameId!: string;

  @ApiProperty({ type: [NoteDto], description: 'The notes the caller may read, by revision.' })
  notes!: NoteDto[];
}

export class AddNoteResponseDto {
  @ApiProperty({ example: 'demo' })
  gameId!: string;

  @ApiProperty({ type: NoteDto })
  note!: NoteDto;
}
