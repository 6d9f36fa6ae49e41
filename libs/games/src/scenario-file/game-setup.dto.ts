import { IsIn, IsInt, IsNotEmpty, Max, Min, ValidateIf } from 'class-validator';
import { COLOURS, SETUP_LIMITS } from '@app/rules';
import { Amount, Text } from './bounded.decorators';
import type { Colour } from '@app/rules';
import { BoardDto } from './board.dto';
import { NestedMap, NestedObject, Optional, Required } from './field.decorators';
import { GameRulesDto } from './game-rules.dto';
import { PlayersDto } from './players.dto';
import { SpellDefinitionDto } from './spell-definition.dto';
import { TerrainDefinitionDto } from './terrain-definition.dto';

/** A game's set-up (docs/design.md without `turns`): what `POST /games` takes as well. */
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

  /** The game's choices among the assumptions that allow one (D6 rounds, S5/S9, D3); defaults otherwise. */
  @NestedObject(() => GameRulesDto)
  @Optional()
  rules?: GameRulesDto;
  /** [A] The game's last turn: at its end the game ends, and the tie-break names the winner. */
  @Amount(1)
  @Optional()
  turnLimit?: number;

  /** Every spell the file uses, by key (spells the built-in catalog holds may be left out). */
  @NestedMap(() => SpellDefinitionDto)
  spells!: Map<string, SpellDefinitionDto>;

  /** Terrains its squares name, by key (terrains the built-in catalog holds may be left out). */
  @NestedMap(() => TerrainDefinitionDto)
  @Optional()
  terrains?: Map<string, TerrainDefinitionDto>;

  @NestedObject(() => PlayersDto)
  players!: PlayersDto;

  @NestedObject(() => BoardDto)
  board!: BoardDto;
}
