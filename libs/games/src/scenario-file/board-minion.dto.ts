import { SetupId } from './bounded.decorators';
import { Required } from './field.decorators';
import { MinionTemplateDto } from './minion-template.dto';

/** A minion placed on the board by the set-up: a template plus the id that events will use. */
export class BoardMinionDto extends MinionTemplateDto {
  @SetupId()
  @Required()
  id!: string;
}
