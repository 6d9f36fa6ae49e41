import { reject } from '../commands/command-rejected.error';
import type { EntityRef } from '../model/game-state';
import { refKind } from '../model/entity-ref';
import { HOUSE_MANA, MANA_TYPES } from '../model/mana';
import { COLOURS, PLAYERS } from '../model/players';
import type { Action, MinionSpec, SpellDefinition, Trigger } from '../model/spell-definition';
import { ACTION_NAMES, HOOK_ONLY_ACTIONS, HOOKS, SPELL_TYPES, TARGET_KINDS, actionOf } from '../model/spell-definition';
import { RULES_OPTIONS } from '../rules-options';
import { lookup } from '../model/state-queries';
import type { GameSetup } from './game-setup';

/** Ids given in a set-up: letters, digits, `_` and `-`, starting with a letter (created ids contain a dot). */
export const SETUP_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

function invalid(field: string, reason: string, rule: string | null = null): never {
  return reject('invalid', rule, reason, field);
}

function wholeNumber(value: unknown, field: string, min: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    invalid(field, `must be a whole number of at least ${min}, not ${JSON.stringify(value)}`);
  }
}

function checkAction(action: Action, field: string, hook: keyof typeof HOOKS | null): void {
  const keys = action !== null && typeof action === 'object' ? Object.keys(action) : [];
  if (keys.length !== 1 || !ACTION_NAMES.includes(keys[0] as never)) {
    invalid(field, `an action is one of ${ACTION_NAMES.join(', ')}, written as a one-key object`);
  }
  const { name, params } = actionOf(action);
  const hooks = HOOK_ONLY_ACTIONS[name];
  if (hooks && (hook === null || !hooks.includes(hook)))
    invalid(field, `${name} only works in a ${hooks.join(' or ')} trigger`);
  if (params === null || typeof params !== 'object')
    invalid(`${field}.${name}`, 'parameters must be an object ({} when none)');
  if (name === 'damage') wholeNumber((params as { amount: number }).amount, `${field}.damage.amount`, 0);
  if (name === 'destroy' && !['dies', 'removed'].includes((params as { category: string }).category)) {
    invalid(`${field}.destroy.category`, 'must be "dies" or "removed"', 'K1');
  }
  if (name === 'replaceMinion') checkMinion((params as { with: MinionSpec }).with, `${field}.replaceMinion.with`);
  if (name === 'replaceGroup' || name === 'replaceStructure' || name === 'summon') {
    const replacement = name === 'summon' ? params : (params as { with: object }).with;
    const minions = (replacement as { minions?: MinionSpec[] })?.minions;
    if (minions !== undefined) {
      if (!Array.isArray(minions) || minions.length < 1 || minions.length > RULES_OPTIONS.maxGroupSize) {
        invalid(`${field}.${name}`, `a group holds 1 to ${RULES_OPTIONS.maxGroupSize} minions`, 'B4');
      }
      minions.forEach((minion, i) => checkMinion(minion, `${field}.${name}.minions[${i}]`));
      if (new Set(minions.map((minion) => minion.kind)).size > 1)
        invalid(`${field}.${name}`, 'a group never mixes recruits and monsters', 'B4');
    } else if (name === 'summon' || !('structure' in (replacement as object))) {
      invalid(`${field}.${name}`, 'needs "minions" (or, for a replacement, "structure")');
    }
  }
}

function checkTrigger(trigger: Trigger, field: string): void {
  if (!(trigger?.on in HOOKS)) invalid(`${field}.on`, `must be one of ${Object.keys(HOOKS).join(', ')}`);
  checkAction(trigger.do, `${field}.do`, trigger.on);
}

function checkMinion(minion: MinionSpec, field: string): void {
  if (minion === null || typeof minion !== 'object') invalid(field, 'must be a minion object');
  if (minion.kind !== 'recruit' && minion.kind !== 'monster')
    invalid(`${field}.kind`, 'must be "recruit" or "monster"', 'B3');
  wholeNumber(minion.hp, `${field}.hp`, 1);
  wholeNumber(minion.armor, `${field}.armor`, 0);
  if (minion.maxHp !== undefined) wholeNumber(minion.maxHp, `${field}.maxHp`, minion.hp);
  if (minion.maxArmor !== undefined) wholeNumber(minion.maxArmor, `${field}.maxArmor`, 0);
  if (!Array.isArray(minion.attacks)) invalid(`${field}.attacks`, 'must be a list of attacks', 'B3');
  minion.attacks.forEach((attack, i) => {
    if (attack.kind !== 'hand' && attack.kind !== 'missile')
      invalid(`${field}.attacks[${i}].kind`, 'must be "hand" or "missile"', 'D0');
    wholeNumber(attack.damage, `${field}.attacks[${i}].damage`, 0);
  });
  (minion.traits ?? []).forEach((trait, i) => checkTrigger(trait, `${field}.traits[${i}]`));
}

function checkSpell(key: string, spell: SpellDefinition): void {
  const field = `spells.${key}`;
  if (spell.key !== key) invalid(`${field}.key`, `must equal its key in "spells" ("${key}")`);
  if (!(spell.house in HOUSE_MANA)) invalid(`${field}.house`, `must be one of the twelve houses`, 'B6');
  if (!SPELL_TYPES.includes(spell.type)) invalid(`${field}.type`, `must be one of ${SPELL_TYPES.join(', ')}`, 'S1');
  if (!TARGET_KINDS.includes(spell.target?.kind))
    invalid(`${field}.target.kind`, `must be one of ${TARGET_KINDS.join(', ')}`, 'S2');
  wholeNumber(spell.cost?.primary, `${field}.cost.primary`, 0);
  wholeNumber(spell.cost?.secondary, `${field}.cost.secondary`, 0);
  if (spell.duration !== undefined) wholeNumber(spell.duration, `${field}.duration`, 1);
  spell.effects.forEach((effect, i) => checkAction(effect, `${field}.effects[${i}]`, null));
  spell.triggers.forEach((trigger, i) => checkTrigger(trigger, `${field}.triggers[${i}]`));
}

function hostExists(setup: GameSetup, host: EntityRef): boolean {
  const groups = setup.board.groups;
  if ('minion' in host) return groups.some((group) => group.minions.some((minion) => minion.id === host.minion));
  if ('group' in host) return groups.some((group) => group.id === host.group);
  if ('structure' in host) return setup.board.structures.some((structure) => structure.id === host.structure);
  return true;
}

/**
 * The rules' own check of a set-up, beyond its shape: every reference resolves, ids are unique, groups are legal
 * (B4), houses and mana are real (B6). Throws a CommandRejected naming the field.
 */
export function validateSetup(setup: GameSetup, spells: Record<string, SpellDefinition>): void {
  wholeNumber(setup.seed, 'seed', 0);
  if (!COLOURS.includes(setup.initiative)) invalid('initiative', 'must be "red" or "blue"', 'B1');
  for (const [key, spell] of Object.entries(spells)) checkSpell(key, spell);
  for (const colour of COLOURS) {
    const player = setup.players?.[colour];
    if (player === undefined) invalid(`players.${colour}`, 'is missing');
    if (!(player.house in HOUSE_MANA)) invalid(`players.${colour}.house`, 'must be one of the twelve houses', 'B6');
    for (const [field, mana] of [
      ['mana', player.mana],
      ['income', player.income ?? {}],
    ] as const) {
      for (const [type, amount] of Object.entries(mana)) {
        if (!MANA_TYPES.includes(type as never))
          invalid(`players.${colour}.${field}.${type}`, 'is not a mana type', 'B6');
        wholeNumber(amount, `players.${colour}.${field}.${type}`, 0);
      }
    }
    for (const pile of ['hand', 'deck'] as const) {
      player[pile].forEach((key, i) => {
        if (lookup(spells, key) === undefined)
          invalid(`players.${colour}.${pile}[${i}]`, `spell "${key}" is not defined`);
      });
    }
  }
  const seen = new Set<string>();
  const claim = (id: string, field: string): void => {
    if (typeof id !== 'string' || !SETUP_ID.test(id)) invalid(field, `"${id}" is not a valid id (${SETUP_ID.source})`);
    if (seen.has(id)) invalid(field, `id "${id}" is used twice`);
    seen.add(id);
  };
  setup.board.groups.forEach((group, g) => {
    const field = `board.groups[${g}]`;
    claim(group.id, `${field}.id`);
    if (!PLAYERS.includes(group.owner)) invalid(`${field}.owner`, 'must be red, blue or neutral', 'B1');
    if (group.minions.length < 1 || group.minions.length > RULES_OPTIONS.maxGroupSize) {
      invalid(`${field}.minions`, `a group holds 1 to ${RULES_OPTIONS.maxGroupSize} minions`, 'B4');
    }
    if (new Set(group.minions.map((minion) => minion.kind)).size > 1)
      invalid(`${field}.minions`, 'a group never mixes recruits and monsters', 'B4');
    group.minions.forEach((minion, m) => {
      claim(minion.id, `${field}.minions[${m}].id`);
      checkMinion(minion, `${field}.minions[${m}]`);
    });
  });
  setup.board.structures.forEach((structure, s) => {
    claim(structure.id, `board.structures[${s}].id`);
    if (!['sanctum', 'town', 'colony'].includes(structure.kind))
      invalid(`board.structures[${s}].kind`, 'must be sanctum, town or colony', 'B5');
    if (!PLAYERS.includes(structure.owner))
      invalid(`board.structures[${s}].owner`, 'must be red, blue or neutral', 'B1');
  });
  setup.board.activeSpells.forEach((active, a) => {
    const field = `board.activeSpells[${a}]`;
    claim(active.id, `${field}.id`);
    const spell = lookup(spells, active.spell);
    if (spell === undefined) invalid(`${field}.spell`, `spell "${active.spell}" is not defined`);
    if (!PLAYERS.includes(active.owner)) invalid(`${field}.owner`, 'must be red, blue or neutral', 'S8');
    if (refKind(active.host) !== spell.target.kind)
      invalid(`${field}.host`, `"${active.spell}" is hosted by a ${spell.target.kind}`, 'S8');
    if (!hostExists(setup, active.host)) invalid(`${field}.host`, 'names nothing on the board', 'S8');
  });
}
