import { ACTION_NAMES } from '@app/rules';
import { CancelDamageParamsDto } from './actions/cancel-damage-params.dto';
import { DamageParamsDto } from './actions/damage-params.dto';
import { DestroyParamsDto } from './actions/destroy-params.dto';
import { DispelParamsDto } from './actions/dispel-params.dto';
import { GainManaParamsDto } from './actions/gain-mana-params.dto';
import { HealParamsDto } from './actions/heal-params.dto';
import { ModifyDamageParamsDto } from './actions/modify-damage-params.dto';
import { ModifyStatsParamsDto } from './actions/modify-stats-params.dto';
import { MoveParamsDto } from './actions/move-params.dto';
import { ReplaceEntityParamsDto } from './actions/replace-entity-params.dto';
import { ReplaceMinionParamsDto } from './actions/replace-minion-params.dto';
import { RestoreParamsDto } from './actions/restore-params.dto';
import { ReturnToLifeParamsDto } from './actions/return-to-life-params.dto';
import { SummonParamsDto } from './actions/summon-params.dto';
import { TakeInsideParamsDto } from './actions/take-inside-params.dto';
import { ExactlyOneOf } from './class-rules.decorators';
import { NestedObject, Optional } from './field.decorators';

/**
 * An effect or a trigger's action: a one-key object naming the action, its parameters as the value
 * (`{"damage": {"amount": 3, "magical": true}}`, `{"cancelDamage": {}}`). Every action of the engine's
 * ACTION_NAMES is an optional property; the class rule demands exactly one. Which hook an action may run in is
 * the rules' check (HOOK_ONLY_ACTIONS), made when the game is set up.
 */
@ExactlyOneOf(ACTION_NAMES)
export class ActionDto {
  @NestedObject(() => DamageParamsDto)
  @Optional()
  damage?: DamageParamsDto;

  @NestedObject(() => DestroyParamsDto)
  @Optional()
  destroy?: DestroyParamsDto;

  @NestedObject(() => ReplaceEntityParamsDto)
  @Optional()
  replaceGroup?: ReplaceEntityParamsDto;

  @NestedObject(() => ReplaceMinionParamsDto)
  @Optional()
  replaceMinion?: ReplaceMinionParamsDto;

  @NestedObject(() => ReplaceEntityParamsDto)
  @Optional()
  replaceStructure?: ReplaceEntityParamsDto;

  @NestedObject(() => HealParamsDto)
  @Optional()
  heal?: HealParamsDto;

  @NestedObject(() => ModifyStatsParamsDto)
  @Optional()
  modifyStats?: ModifyStatsParamsDto;

  @NestedObject(() => DispelParamsDto)
  @Optional()
  dispel?: DispelParamsDto;

  @NestedObject(() => GainManaParamsDto)
  @Optional()
  gainMana?: GainManaParamsDto;

  @NestedObject(() => ReturnToLifeParamsDto)
  @Optional()
  returnToLife?: ReturnToLifeParamsDto;

  @NestedObject(() => ModifyDamageParamsDto)
  @Optional()
  modifyDamage?: ModifyDamageParamsDto;

  @NestedObject(() => CancelDamageParamsDto)
  @Optional()
  cancelDamage?: CancelDamageParamsDto;

  @NestedObject(() => SummonParamsDto)
  @Optional()
  summon?: SummonParamsDto;

  @NestedObject(() => MoveParamsDto)
  @Optional()
  move?: MoveParamsDto;

  @NestedObject(() => TakeInsideParamsDto)
  @Optional()
  takeInside?: TakeInsideParamsDto;

  @NestedObject(() => RestoreParamsDto)
  @Optional()
  restore?: RestoreParamsDto;
}
