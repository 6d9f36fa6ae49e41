import { GameSetupDto } from './game-setup.dto';
import { NestedArray } from './field.decorators';
import { TurnDto } from './turn.dto';

/** A `*.scenario.json` file: a named set-up plus the orders of each turn. */
export class ScenarioFileDto extends GameSetupDto {
  static override readonly nameRequired = true;

  @NestedArray(() => TurnDto)
  turns!: TurnDto[];
}
