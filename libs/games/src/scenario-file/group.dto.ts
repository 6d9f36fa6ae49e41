import { ArrayMaxSize, ArrayMinSize, IsIn, IsNotEmpty, IsString, Matches } from 'class-validator';
import { PLAYERS, RULES_OPTIONS, SETUP_ID } from '@app/rules';
import type { Player } from '@app/rules';
import { BoardMinionDto, SETUP_ID_MESSAGE } from './board-minion.dto';
import { NestedArray, Required } from './field.decorators';

/** B4: a group of 1–8 minions of one owner on a square. (Not mixing recruits and monsters is the rules' check.) */
export class GroupDto {
  @Matches(SETUP_ID, { message: SETUP_ID_MESSAGE })
  @IsString()
  @Required()
  id!: string;

  @IsIn(PLAYERS)
  @Required()
  owner!: Player;

  @IsNotEmpty()
  @IsString()
  @Required()
  square!: string;

  @ArrayMaxSize(RULES_OPTIONS.maxGroupSize)
  @ArrayMinSize(1)
  @NestedArray(() => BoardMinionDto)
  minions!: BoardMinionDto[];
}
