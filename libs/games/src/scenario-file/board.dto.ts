import { SETUP_LIMITS } from '@app/rules';
import { ActiveSpellDto } from './active-spell.dto';
import { AtMost } from './bounded.decorators';
import { NestedArray, Optional } from './field.decorators';
import { GroupDto } from './group.dto';
import { SquareDto } from './square.dto';
import { StructureDto } from './structure.dto';

/** The board at the start of turn 1 (B3–B5, S8), within SETUP_LIMITS. */
export class BoardDto {
  @AtMost(SETUP_LIMITS.groups)
  @NestedArray(() => GroupDto)
  groups!: GroupDto[];

  @AtMost(SETUP_LIMITS.structures)
  @NestedArray(() => StructureDto)
  structures!: StructureDto[];

  @AtMost(SETUP_LIMITS.squares)
  @NestedArray(() => SquareDto)
  @Optional()
  squares?: SquareDto[];

  @AtMost(SETUP_LIMITS.activeSpells)
  @NestedArray(() => ActiveSpellDto)
  activeSpells!: ActiveSpellDto[];
}
