import { NestedObject } from '../field.decorators';
import { ReplacementDto } from './replacement.dto';

/** `replaceGroup {with}` and `replaceStructure {with}` (K1 "replaced", Q3). */
export class ReplaceEntityParamsDto {
  @NestedObject(() => ReplacementDto)
  with!: ReplacementDto;
}
