import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Required } from '@app/games';
import { type Colour, COLOURS } from '@app/rules';

/** `{"player": "red"}` (the confirm body) and `?player=red` (cancelling an order). */
export class PlayerRequestDto {
  @ApiProperty({ enum: COLOURS, example: 'red' })
  @IsIn(COLOURS)
  @Required()
  player!: Colour;
}
