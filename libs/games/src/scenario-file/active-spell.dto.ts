import { IsIn } from 'class-validator';
import { PLAYERS } from '@app/rules';
import { Amount, SetupId } from './bounded.decorators';
import type { Player } from '@app/rules';
import { EntityRefDto } from './entity-ref.dto';
import { NestedObject, Optional, Required } from './field.decorators';

/** S8: a spell already active when the game starts, with its owner and host. */
export class ActiveSpellDto {
  @SetupId()
  @Required()
  id!: string;

  @SetupId()
  @Required()
  spell!: string;

  @IsIn(PLAYERS)
  @Required()
  owner!: Player;

  @NestedObject(() => EntityRefDto)
  host!: EntityRefDto;

  /** Conjurations: turns left before expiry; defaults to the spell's duration. */
  @Amount(1)
  @Optional()
  duration?: number;
}
