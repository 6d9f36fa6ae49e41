import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, Matches } from 'class-validator';
import { SETUP_ID } from '@app/rules';
import { Optional } from '@app/games';

/** `POST /log/heads`: the games whose heads to record (default: every game). */
export class RecordHeadsRequestDto {
  @ApiPropertyOptional({ type: [String], description: 'Game ids (default: every game in the store).', maxItems: 10000 })
  @Matches(SETUP_ID, {
    each: true,
    message: 'each of gameIds must be a game id (a letter, then letters, digits, _ or -)',
  })
  @ArrayMaxSize(10000)
  @IsArray()
  @Optional()
  gameIds?: string[];
}
