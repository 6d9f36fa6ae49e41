import { NestedObject } from './field.decorators';
import { PlayerSetupDto } from './player-setup.dto';

/** B1: the two players who give orders; neutral has no set-up of its own. */
export class PlayersDto {
  @NestedObject(() => PlayerSetupDto)
  red!: PlayerSetupDto;

  @NestedObject(() => PlayerSetupDto)
  blue!: PlayerSetupDto;
}
