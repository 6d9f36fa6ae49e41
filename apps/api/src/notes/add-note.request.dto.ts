import { ApiProperty } from '@nestjs/swagger';
import { ArrayUnique, IsArray, IsIn, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { NOTE_AUDIENCES, NOTE_LIMITS, type NoteAudience, Required } from '@app/games';

/** `POST /games/:id/notes`: a judge's note on a revision, and who besides the organiser may read it. */
export class AddNoteRequestDto {
  @ApiProperty({ description: 'The game’s revision the note is about.', minimum: 0, type: 'integer', example: 17 })
  @Min(0)
  @IsInt()
  @Required()
  revision!: number;

  @ApiProperty({ minLength: 1, maxLength: NOTE_LIMITS.text, example: 'The bolt was cast before blue confirmed: fine.' })
  @MaxLength(NOTE_LIMITS.text)
  @IsNotEmpty()
  @IsString()
  @Required()
  text!: string;

  @ApiProperty({
    type: [String],
    enum: NOTE_AUDIENCES,
    example: ['red'],
    description:
      'Who may read it besides the organiser: `red`, `blue`, `public` (everybody); `[]` the organiser alone.',
  })
  @IsIn(NOTE_AUDIENCES, { each: true })
  @ArrayUnique()
  @IsArray()
  @Required()
  visibleTo!: NoteAudience[];
}
