import { ArrayMaxSize, ArrayMinSize, IsIn } from 'class-validator';
import { PLAYERS, RULES_OPTIONS } from '@app/rules';
import { SetupId } from './bounded.decorators';
import type { Player } from '@app/rules';
import { BoardMinionDto } from './board-minion.dto';
import { NestedArray, Required } from './field.decorators';

/** B4: a group of 1–8 minions of one owner on a square. (Not mixing recruits and monsters is the rules' check.) */
export class GroupDto {
  @SetupId()
  @Required()
  id!: string;

  @IsIn(PLAYERS)
  @Required()
  owner!: Player;

  @SetupId()
  @Required()
  square!: string;

  @ArrayMaxSize(RULES_OPTIONS.maxGroupSize)
  @ArrayMinSize(1)
  @NestedArray(() => BoardMinionDto)
  minions!: BoardMinionDto[];
}
