import { AtMost, SetupId } from './bounded.decorators';
import { IsArray, IsIn } from 'class-validator';
import { HOUSES, SETUP_LIMITS } from '@app/rules';
import type { House, PlayerSetup } from '@app/rules';
import { NestedObject, Optional, Required } from './field.decorators';
import { ManaDto } from './mana.dto';

/** A player's set-up: house (B6), mana pool, optional income per turn [A], hand and deck of spell keys (B7). */
export class PlayerSetupDto implements PlayerSetup {
  @IsIn(HOUSES)
  @Required()
  house!: House;

  @NestedObject(() => ManaDto)
  mana!: ManaDto;

  @NestedObject(() => ManaDto)
  @Optional()
  income?: ManaDto;

  @AtMost(SETUP_LIMITS.hand)
  @SetupId(true)
  @IsArray()
  @Required()
  hand!: string[];

  @AtMost(SETUP_LIMITS.deck)
  @SetupId(true)
  @IsArray()
  @Required()
  deck!: string[];
}
