import { IsString } from 'class-validator';
import { GameSetupDto } from './game-setup.dto';
import { NestedArray, Optional } from './field.decorators';
import { TurnDto } from './turn.dto';

/** A `*.scenario.json` file: a named set-up plus the orders of each turn. */
export class ScenarioFileDto extends GameSetupDto {
  static override readonly nameRequired = true;

  /** Where an editor finds the file's JSON Schema; no part of the scenario (parseScenarioFile leaves it out). */
  @IsString()
  @Optional()
  $schema?: string;

  @NestedArray(() => TurnDto)
  turns!: TurnDto[];
}
