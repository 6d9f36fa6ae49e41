import { IsIn, IsInt, IsNotEmpty, Max, Min, ValidateIf } from 'class-validator';
import { COLOURS, SETUP_LIMITS } from '@app/rules';
import { Amount, Text } from './bounded.decorators';
import type { Colour } from '@app/rules';
import { BoardDto } from './board.dto';
import { NestedMap, NestedObject, Optional, Required } from './field.decorators';
import { PlayersDto } from './players.dto';
import { SpellDefinitionDto } from './spell-definition.dto';

/** A game's set-up (DESIGN.md "Scenario file" without `turns`): what `POST /games` takes as well. */
export class GameSetupDto {
  /** A scenario file must be named; a bare set-up may leave the name out (the game id stands in for it). */
  static readonly nameRequired: boolean = false;

  @IsNotEmpty()
  @Text()
  @Required()
  @ValidateIf(
    (setup: object, value: unknown) => value !== undefined || (setup.constructor as typeof GameSetupDto).nameRequired,
  )
  name?: string;

  @Max(SETUP_LIMITS.seed)
  @Min(0)
  @IsInt()
  @Required()
  seed!: number;

  /** B1: who holds initiative in turn 1. */
  @IsIn(COLOURS)
  @Required()
  initiative!: Colour;

  /** [A] The game's last turn: at its end the game ends, and the tie-break names the winner. */
  @Amount(1)
  @Optional()
  turnLimit?: number;

  /** Every spell the file uses, by key (spells the built-in catalog holds may be left out). */
  @NestedMap(() => SpellDefinitionDto)
  spells!: Map<string, SpellDefinitionDto>;

  @NestedObject(() => PlayersDto)
  players!: PlayersDto;

  @NestedObject(() => BoardDto)
  board!: BoardDto;
}
