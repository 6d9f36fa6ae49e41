import { IsIn, IsNotEmpty, IsString, Matches } from 'class-validator';
import { PLAYERS, SETUP_ID } from '@app/rules';
import type { Player, StructureKind, StructureSetup } from '@app/rules';
import { SETUP_ID_MESSAGE } from './board-minion.dto';
import { Required } from './field.decorators';

/** B5: a sanctum, town or colony on a square. */
export class StructureDto implements StructureSetup {
  @Matches(SETUP_ID, { message: SETUP_ID_MESSAGE })
  @IsString()
  @Required()
  id!: string;

  @IsIn(['sanctum', 'town', 'colony'])
  @Required()
  kind!: StructureKind;

  @IsIn(PLAYERS)
  @Required()
  owner!: Player;

  @IsNotEmpty()
  @IsString()
  @Required()
  square!: string;
}
