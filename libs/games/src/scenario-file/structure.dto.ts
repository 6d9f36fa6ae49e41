import { IsIn } from 'class-validator';
import { PLAYERS } from '@app/rules';
import { SetupId } from './bounded.decorators';
import type { Player, StructureKind, StructureSetup } from '@app/rules';
import { Required } from './field.decorators';

/** B5: a sanctum, town or colony on a square. */
export class StructureDto implements StructureSetup {
  @SetupId()
  @Required()
  id!: string;

  @IsIn(['sanctum', 'town', 'colony'])
  @Required()
  kind!: StructureKind;

  @IsIn(PLAYERS)
  @Required()
  owner!: Player;

  @SetupId()
  @Required()
  square!: string;
}
