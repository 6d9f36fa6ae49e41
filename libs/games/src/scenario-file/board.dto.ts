import { ActiveSpellDto } from './active-spell.dto';
import { NestedArray, Optional } from './field.decorators';
import { GroupDto } from './group.dto';
import { SquareDto } from './square.dto';
import { StructureDto } from './structure.dto';

/** The board at the start of turn 1 (B3–B5, S8). */
export class BoardDto {
  @NestedArray(() => GroupDto)
  groups!: GroupDto[];

  @NestedArray(() => StructureDto)
  structures!: StructureDto[];

  @NestedArray(() => SquareDto)
  @Optional()
  squares?: SquareDto[];

  @NestedArray(() => ActiveSpellDto)
  activeSpells!: ActiveSpellDto[];
}
