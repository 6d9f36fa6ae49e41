import { TakesNoParameters } from '../class-rules.decorators';

/**
 * `restore {}` (a spell's whenDispelled or whenExpires trigger only): its host group is replaced by the group the
 * spell replaced when it took that group over ("dispelling Karkara", Q3).
 */
@TakesNoParameters()
export class RestoreParamsDto {}
