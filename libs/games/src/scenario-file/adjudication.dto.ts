import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { COLOURS, RULES_OPTIONS } from '@app/rules';
import type { Colour } from '@app/rules';
import { Required, RequiredOrNull } from './field.decorators';

/**
 * [A] The organiser's ruling on a game's result: the winner (null for a draw) and why, in its own words. A scenario
 * turn's `result`, and the body of `POST /games/:id/result`.
 */
export class AdjudicationDto {
  @IsIn([...COLOURS, null], { message: '$property must be "red", "blue" or null (a draw)' })
  @RequiredOrNull()
  winner!: Colour | null;

  @MaxLength(RULES_OPTIONS.adjudicationReasonLength)
  @IsNotEmpty()
  @IsString()
  @Required()
  reason!: string;
}
