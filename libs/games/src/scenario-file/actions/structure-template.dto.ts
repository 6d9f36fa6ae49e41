import { IsIn } from 'class-validator';
import { Required } from '../field.decorators';

/** A structure created by a replacement (monster group → colony, Q3); a sanctum is never created. */
export class StructureTemplateDto {
  @IsIn(['town', 'colony'])
  @Required()
  kind!: 'town' | 'colony';
}
