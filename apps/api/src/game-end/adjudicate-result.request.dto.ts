import { ApiProperty } from '@nestjs/swagger';
import { AdjudicationDto } from '@app/games';
import { COLOURS, RULES_OPTIONS } from '@app/rules';

/** `POST /games/:id/result`: the organiser's ruling, as a scenario turn's `result` gives it. */
export class AdjudicateResultRequestDto extends AdjudicationDto {
  @ApiProperty({ enum: COLOURS, nullable: true, example: 'red', description: 'The winner; null rules a draw.' })
  declare winner: 'red' | 'blue' | null;

  @ApiProperty({
    example: 'blue left the venue before turn 7',
    minLength: 1,
    maxLength: RULES_OPTIONS.adjudicationReasonLength,
    description: 'Why, in the organiser’s words (recorded in ResultAdjudicated and GameEnded.ruling).',
  })
  declare reason: string;
}
