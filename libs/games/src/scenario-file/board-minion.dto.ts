import { IsString, Matches } from 'class-validator';
import { SETUP_ID } from '@app/rules';
import { Required } from './field.decorators';
import { MinionTemplateDto } from './minion-template.dto';

export const SETUP_ID_MESSAGE = '$property must be an id of letters, digits, _ and -, starting with a letter';

/** A minion placed on the board by the set-up: a template plus the id that events will use. */
export class BoardMinionDto extends MinionTemplateDto {
  @Matches(SETUP_ID, { message: SETUP_ID_MESSAGE })
  @IsString()
  @Required()
  id!: string;
}
