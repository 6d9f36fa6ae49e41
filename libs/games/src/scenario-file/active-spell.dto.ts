import { IsIn, IsInt, IsNotEmpty, IsString, Matches, Min } from 'class-validator';
import { PLAYERS, SETUP_ID } from '@app/rules';
import type { Player } from '@app/rules';
import { SETUP_ID_MESSAGE } from './board-minion.dto';
import { EntityRefDto } from './entity-ref.dto';
import { NestedObject, Optional, Required } from './field.decorators';

/** S8: a spell already active when the game starts, with its owner and host. */
export class ActiveSpellDto {
  @Matches(SETUP_ID, { message: SETUP_ID_MESSAGE })
  @IsString()
  @Required()
  id!: string;

  @IsNotEmpty()
  @IsString()
  @Required()
  spell!: string;

  @IsIn(PLAYERS)
  @Required()
  owner!: Player;

  @NestedObject(() => EntityRefDto)
  host!: EntityRefDto;

  /** Conjurations: turns left before expiry; defaults to the spell's duration. */
  @Min(1)
  @IsInt()
  @Optional()
  duration?: number;
}
