import type { EntityRef } from '../model/game-state';
import { refKind } from '../model/entity-ref';
import { isSetupId } from '../model/ids';
import { HOUSE_MANA } from '../model/mana';
import { COLOURS, PLAYERS } from '../model/players';
import type { Action, MinionSpec, SpellDefinition, TerrainDefinition, Trigger } from '../model/spell-definition';
import {
  ACTION_NAMES,
  HOOK_ONLY_ACTIONS,
  HOOKS,
  SPELL_TYPES,
  TARGETING_RESTRICTIONS,
  TARGET_KINDS,
  TERRAIN_HOOKS,
  actionOf,
  isInstant,
  isSpellHook,
} from '../model/spell-definition';
import { GAME_RULE_NAMES } from '../model/game-rules';
import { RULES_OPTIONS } from '../rules-options';
import { lookup } from '../model/state-queries';
import type { GameSetup } from './game-setup';
import { SETUP_LIMITS } from './setup-limits';
import {
  type Json,
  change,
  invalid,
  isObject,
  list,
  manaPool,
  object,
  oneOf,
  optionalBoolean,
  setupId,
  text,
  wholeNumber,
} from './setup-shape.checks';

/**
 * Where a trigger's action lands: a hook's triggers act on a minion (the host, the attacker or the victim) or its
 * group; start-of-turn triggers and a spell's own hooks on its host; a terrain's on a group.
 */
type Landing = 'effect' | 'minion' | 'host' | 'group';

/** Where a trigger is written: a minion's traits, a spell's triggers, or a terrain's. */
type TriggerOwner = 'trait' | 'spell' | 'terrain';

/** Actions that only a spell's own effects may take: holding its host group inside it. */
const SPELL_EFFECT_ONLY = new Set(['takeInside']);

/** Created minions may carry traits, but those traits create no minions of their own: a definition stays bounded. */
type Nesting = 'top' | 'created';

const CREATES_GROUP_OR_STRUCTURE = new Set(['summon', 'replaceGroup', 'replaceStructure']);

function checkMinionList(value: unknown, field: string, nesting: Nesting): void {
  const minions = list(value, field, RULES_OPTIONS.maxGroupSize, 'B4');
  if (minions.length < 1) invalid(field, `a group holds 1 to ${RULES_OPTIONS.maxGroupSize} minions`, 'B4');
  minions.forEach((minion, i) => checkMinion(minion, `${field}[${i}]`, nesting));
  if (new Set(minions.map((minion) => (minion as MinionSpec).kind)).size > 1)
    invalid(field, 'a group never mixes recruits and monsters', 'B4');
}

/** What replaces a group or a structure: minions, or a town or colony (Q3). */
function checkReplacement(value: unknown, field: string, nesting: Nesting): void {
  const replacement = object(value, field);
  if ('minions' in replacement) return checkMinionList(replacement.minions, `${field}.minions`, nesting);
  if (!('structure' in replacement)) invalid(field, 'needs "minions" or "structure"');
  const structure = object(replacement.structure, `${field}.structure`);
  oneOf(structure.kind, ['town', 'colony'], `${field}.structure.kind`, 'B5');
}

function landingOf(hook: Trigger['on'] | 'terrain' | null): Landing {
  if (hook === null) return 'effect';
  if (hook === 'terrain') return 'group';
  return hook === 'atStartOfTurn' || isSpellHook(hook) ? 'host' : 'minion';
}

/** `hook`: the trigger's hook, `terrain` for a terrain's trigger, or null for a spell's effect. */
function checkAction(action: unknown, field: string, hook: Trigger['on'] | 'terrain' | null, nesting: Nesting): void {
  const keys = isObject(action) ? Object.keys(action) : [];
  if (keys.length !== 1 || !ACTION_NAMES.includes(keys[0] as never)) {
    invalid(field, `an action is one of ${ACTION_NAMES.join(', ')}, written as a one-key object`);
  }
  const { name, params: given } = actionOf(action as Action);
  const hooks = HOOK_ONLY_ACTIONS[name];
  if (hooks && (hook === null || hook === 'terrain' || !hooks.includes(hook)))
    invalid(field, `${name} only works in a ${hooks.join(' or ')} trigger`);
  if (SPELL_EFFECT_ONLY.has(name) && hook !== null) invalid(field, `${name} only works as a spell's effect`);
  const landing = landingOf(hook);
  if ((landing === 'minion' || landing === 'group') && name === 'replaceStructure') {
    invalid(field, `replaceStructure acts on a structure, and a ${hook} trigger acts on a minion (or its group)`);
  }
  if (nesting === 'created' && (CREATES_GROUP_OR_STRUCTURE.has(name) || name === 'replaceMinion')) {
    invalid(field, `a created minion's traits create no minions of their own`);
  }
  const params = object(given, `${field}.${name}`);
  const at = `${field}.${name}`;
  switch (name) {
    case 'damage':
      wholeNumber(params.amount, `${at}.amount`, 0);
      if (params.kind !== undefined) oneOf(params.kind, ['hand', 'missile'], `${at}.kind`, 'D0');
      optionalBoolean(params.magical, `${at}.magical`);
      optionalBoolean(params.ignoresArmor, `${at}.ignoresArmor`);
      return;
    case 'destroy':
      oneOf(params.category, ['dies', 'removed'], `${at}.category`, 'K1');
      return;
    case 'heal':
    case 'returnToLife': {
      const amount = name === 'heal' ? 'amount' : 'hp';
      if (params[amount] !== undefined) wholeNumber(params[amount], `${at}.${amount}`, 0);
      optionalBoolean(params.full, `${at}.full`);
      return;
    }
    case 'modifyStats':
      for (const stat of ['armor', 'maxHp', 'damage']) {
        if (params[stat] !== undefined) change(params[stat], `${at}.${stat}`);
      }
      return;
    case 'modifyDamage':
      change(params.by, `${at}.by`);
      return;
    case 'dispel':
      if (params.which !== 'all') setupId(params.which, `${at}.which`);
      return;
    case 'gainMana':
      oneOf(params.player, [...COLOURS, 'caster', 'opponent'], `${at}.player`, 'B1');
      manaPool(params.mana, `${at}.mana`);
      return;
    case 'replaceMinion':
      checkMinion(params.with, `${at}.with`, 'created');
      return;
    case 'summon':
      checkMinionList(params.minions, `${at}.minions`, 'created');
      return;
    case 'replaceGroup':
    case 'replaceStructure':
      checkReplacement(params.with, `${at}.with`, 'created');
      return;
    case 'move':
      setupId(params.to, `${at}.to`);
      return;
    case 'cancelDamage':
    case 'takeInside':
    case 'restore':
      return;
  }
}

function checkRestrictions(value: unknown, field: string): void {
  list(value, field, TARGETING_RESTRICTIONS.length).forEach((restriction, i) =>
    oneOf(restriction, TARGETING_RESTRICTIONS, `${field}[${i}]`, 'S10'),
  );
}

function checkTrigger(value: unknown, field: string, nesting: Nesting, owner: TriggerOwner): void {
  const trigger = object(value, field);
  const hook = oneOf(trigger.on, Object.keys(HOOKS) as Trigger['on'][], `${field}.on`);
  if (owner === 'trait' && isSpellHook(hook)) {
    invalid(`${field}.on`, `${hook} is a spell's own hook (as it leaves play or fails), never a minion's trait`);
  }
  optionalBoolean(trigger.protective, `${field}.protective`);
  if (trigger.damageKind !== undefined) oneOf(trigger.damageKind, ['hand', 'missile'], `${field}.damageKind`, 'D0');
  if (trigger.subject !== undefined) {
    if (hook === 'hits')
      invalid(`${field}.subject`, 'a hits trigger acts on the minion its host hit, and takes no subject');
    oneOf(trigger.subject, ['self', 'attacker'], `${field}.subject`);
  }
  checkAction(trigger.do, `${field}.do`, hook, nesting);
}

function checkTerrain(key: string, value: unknown): void {
  const field = `terrains.${key}`;
  setupId(key, field);
  const terrain = object(value, field);
  if (terrain.key !== key) invalid(`${field}.key`, `must equal its key in "terrains" ("${key}")`);
  text(terrain.name, `${field}.name`);
  list(terrain.triggers, `${field}.triggers`, SETUP_LIMITS.triggersPerTerrain).forEach((given, i) => {
    const trigger = object(given, `${field}.triggers[${i}]`);
    oneOf(trigger.on, TERRAIN_HOOKS, `${field}.triggers[${i}].on`, 'B5');
    checkAction(trigger.do, `${field}.triggers[${i}].do`, 'terrain', 'top');
  });
}

function checkRules(value: unknown): void {
  const rules = object(value, 'rules');
  for (const name of Object.keys(rules)) {
    if (!(GAME_RULE_NAMES as readonly string[]).includes(name)) {
      invalid(`rules.${name}`, `is not a rule a set-up may choose (${GAME_RULE_NAMES.join(', ')})`);
    }
  }
  if (rules.combatRounds !== undefined)
    wholeNumber(rules.combatRounds, 'rules.combatRounds', 1, SETUP_LIMITS.combatRounds);
  if (rules.nonVisibleDuplicates !== undefined) {
    oneOf(rules.nonVisibleDuplicates, ['allowed', 'refused'], 'rules.nonVisibleDuplicates', 'S5');
  }
  if (rules.zeroDamageAtD3 !== undefined)
    oneOf(rules.zeroDamageAtD3, ['bounced', 'applied'], 'rules.zeroDamageAtD3', 'D3');
}

function checkMinion(value: unknown, field: string, nesting: Nesting = 'top'): void {
  const minion = object(value, field);
  oneOf(minion.kind, ['recruit', 'monster'], `${field}.kind`, 'B3');
  if (minion.class !== undefined && minion.class !== null) text(minion.class, `${field}.class`);
  wholeNumber(minion.hp, `${field}.hp`, 1);
  wholeNumber(minion.armor, `${field}.armor`, 0);
  if (minion.maxHp !== undefined) wholeNumber(minion.maxHp, `${field}.maxHp`, minion.hp as number);
  if (minion.maxArmor !== undefined) wholeNumber(minion.maxArmor, `${field}.maxArmor`, 0);
  const attacks = list(minion.attacks, `${field}.attacks`, SETUP_LIMITS.attacksPerMinion, 'B3');
  attacks.forEach((given, i) => {
    const attack = object(given, `${field}.attacks[${i}]`);
    oneOf(attack.kind, ['hand', 'missile'], `${field}.attacks[${i}].kind`, 'D0');
    wholeNumber(attack.damage, `${field}.attacks[${i}].damage`, 0);
    optionalBoolean(attack.magical, `${field}.attacks[${i}].magical`);
    optionalBoolean(attack.ignoresArmor, `${field}.attacks[${i}].ignoresArmor`);
  });
  if (minion.traits !== undefined) {
    const traits = list(minion.traits, `${field}.traits`, SETUP_LIMITS.traitsPerMinion);
    traits.forEach((trait, i) => checkTrigger(trait, `${field}.traits[${i}]`, nesting, 'trait'));
  }
  if (minion.cannotBeTargetedBy !== undefined)
    checkRestrictions(minion.cannotBeTargetedBy, `${field}.cannotBeTargetedBy`);
}

function checkSpell(key: string, value: unknown): void {
  const field = `spells.${key}`;
  setupId(key, field);
  const spell = object(value, field);
  if (spell.key !== key) invalid(`${field}.key`, `must equal its key in "spells" ("${key}")`);
  text(spell.name, `${field}.name`);
  oneOf(spell.house, Object.keys(HOUSE_MANA), `${field}.house`, 'B6');
  oneOf(spell.type, SPELL_TYPES, `${field}.type`, 'S1');
  const target = object(spell.target, `${field}.target`);
  oneOf(target.kind, TARGET_KINDS, `${field}.target.kind`, 'S2');
  if (target.side !== undefined) oneOf(target.side, ['friendly', 'enemy', 'any'], `${field}.target.side`, 'S2');
  if (target.groupKind !== undefined) oneOf(target.groupKind, ['recruit', 'monster'], `${field}.target.groupKind`);
  if (target.structureKind !== undefined)
    oneOf(target.structureKind, ['town', 'colony'], `${field}.target.structureKind`);
  const cost = object(spell.cost, `${field}.cost`);
  wholeNumber(cost.primary, `${field}.cost.primary`, 0);
  wholeNumber(cost.secondary, `${field}.cost.secondary`, 0);
  for (const flag of ['visible', 'cumulative', 'oncePerGame']) {
    if (typeof spell[flag] !== 'boolean') invalid(`${field}.${flag}`, 'must be true or false');
  }
  if (spell.duration !== undefined) wholeNumber(spell.duration, `${field}.duration`, 1);
  const effects = list(spell.effects, `${field}.effects`, SETUP_LIMITS.effectsPerSpell);
  effects.forEach((effect, i) => checkAction(effect, `${field}.effects[${i}]`, null, 'top'));
  const triggers = list(spell.triggers, `${field}.triggers`, SETUP_LIMITS.triggersPerSpell);
  triggers.forEach((trigger, i) => checkTrigger(trigger, `${field}.triggers[${i}]`, 'top', 'spell'));
  // What would show a spell that shows nowhere (S9), or needs a spell that stays in play, is refused.
  const lasting = !isInstant(spell.type as SpellDefinition['type']) && spell.visible === true;
  effects.forEach((effect, i) => {
    if (isObject(effect) && 'takeInside' in effect && !(lasting && target.kind === 'group')) {
      invalid(
        `${field}.effects[${i}]`,
        'takeInside takes a group inside a visible alteration or conjuration hosted by it',
      );
    }
  });
  if (spell.movesToReplacement !== undefined) {
    optionalBoolean(spell.movesToReplacement, `${field}.movesToReplacement`);
    if (
      spell.movesToReplacement === true &&
      (isInstant(spell.type as SpellDefinition['type']) || target.kind !== 'group')
    ) {
      invalid(
        `${field}.movesToReplacement`,
        'only an alteration or conjuration on a group moves to its replacement',
        'S1',
      );
    }
  }
  if (spell.hostCannotBeTargetedBy !== undefined) {
    checkRestrictions(spell.hostCannotBeTargetedBy, `${field}.hostCannotBeTargetedBy`);
    if (!lasting || (target.kind !== 'minion' && target.kind !== 'group')) {
      invalid(
        `${field}.hostCannotBeTargetedBy`,
        'only a visible alteration or conjuration on a minion or group gives its host restrictions',
        'S9',
      );
    }
  }
}

function checkRef(value: unknown, field: string): EntityRef {
  const ref = object(value, field);
  const keys = Object.keys(ref);
  const [kind] = keys;
  if (kind === undefined || keys.length !== 1 || !TARGET_KINDS.includes(kind as never)) {
    invalid(field, `must name exactly one of ${TARGET_KINDS.join(', ')}`, 'S2');
  }
  if (kind === 'globe') {
    if (ref.globe !== true) invalid(`${field}.globe`, 'must be true', 'S2');
  } else {
    setupId(ref[kind], `${field}.${kind}`);
  }
  return ref as EntityRef;
}

function hostExists(setup: GameSetup, host: EntityRef): boolean {
  const groups = setup.board.groups;
  if ('minion' in host) return groups.some((group) => group.minions.some((minion) => minion.id === host.minion));
  if ('group' in host) return groups.some((group) => group.id === host.group);
  if ('structure' in host) return setup.board.structures.some((structure) => structure.id === host.structure);
  return true;
}

function checkPlayers(setup: GameSetup, spells: Record<string, SpellDefinition>): void {
  const players = object(setup.players, 'players');
  for (const colour of COLOURS) {
    const field = `players.${colour}`;
    if (players[colour] === undefined) invalid(field, 'is missing');
    const player = object(players[colour], field);
    oneOf(player.house, Object.keys(HOUSE_MANA), `${field}.house`, 'B6');
    manaPool(player.mana, `${field}.mana`);
    if (player.income !== undefined) manaPool(player.income, `${field}.income`);
    const piles = { hand: SETUP_LIMITS.hand, deck: SETUP_LIMITS.deck } as const;
    for (const [pile, max] of Object.entries(piles)) {
      const cards = list(player[pile], `${field}.${pile}`, max, pile === 'hand' ? 'B7' : null);
      cards.forEach((key, i) => {
        if (!isSetupId(key) || lookup(spells, key) === undefined)
          invalid(`${field}.${pile}[${i}]`, `spell "${String(key).slice(0, 64)}" is not defined`);
      });
    }
  }
}

function checkBoard(setup: GameSetup, spells: Record<string, SpellDefinition>): void {
  const board = object(setup.board, 'board');
  const seen = new Set<string>();
  const claim = (id: unknown, field: string): void => {
    setupId(id, field);
    if (seen.has(id as string)) invalid(field, `id "${id as string}" is used twice`);
    seen.add(id as string);
  };
  const groups = list(board.groups, 'board.groups', SETUP_LIMITS.groups);
  groups.forEach((given, g) => {
    const field = `board.groups[${g}]`;
    const group = object(given, field);
    claim(group.id, `${field}.id`);
    oneOf(group.owner, PLAYERS, `${field}.owner`, 'B1');
    setupId(group.square, `${field}.square`);
    checkMinionList(group.minions, `${field}.minions`, 'top');
    (group.minions as Json[]).forEach((minion, m) => claim(minion.id, `${field}.minions[${m}].id`));
  });
  const structures = list(board.structures, 'board.structures', SETUP_LIMITS.structures);
  structures.forEach((given, s) => {
    const field = `board.structures[${s}]`;
    const structure = object(given, field);
    claim(structure.id, `${field}.id`);
    oneOf(structure.kind, ['sanctum', 'town', 'colony'], `${field}.kind`, 'B5');
    oneOf(structure.owner, PLAYERS, `${field}.owner`, 'B1');
    setupId(structure.square, `${field}.square`);
  });
  if (board.squares !== undefined) {
    const squares = new Set<string>();
    list(board.squares, 'board.squares', SETUP_LIMITS.squares).forEach((given, q) => {
      const field = `board.squares[${q}]`;
      const square = object(given, field);
      const id = setupId(square.id, `${field}.id`);
      if (squares.has(id)) invalid(`${field}.id`, `square "${id}" is listed twice`);
      squares.add(id);
      if (square.terrain !== undefined) text(square.terrain, `${field}.terrain`);
    });
  }
  const actives = list(board.activeSpells, 'board.activeSpells', SETUP_LIMITS.activeSpells);
  actives.forEach((given, a) => {
    const field = `board.activeSpells[${a}]`;
    const active = object(given, field);
    claim(active.id, `${field}.id`);
    const spell = isSetupId(active.spell) ? lookup(spells, active.spell) : undefined;
    if (spell === undefined) invalid(`${field}.spell`, `spell "${String(active.spell).slice(0, 64)}" is not defined`);
    oneOf(active.owner, PLAYERS, `${field}.owner`, 'S8');
    const host = checkRef(active.host, `${field}.host`);
    if (refKind(host) !== spell.target.kind)
      invalid(`${field}.host`, `"${spell.key}" is hosted by a ${spell.target.kind}`, 'S8');
    if (!hostExists(setup, host)) invalid(`${field}.host`, 'names nothing on the board', 'S8');
    if (active.duration !== undefined) wholeNumber(active.duration, `${field}.duration`, 1);
  });
}

/** The length of a value as JSON; one that has none (a cycle, a BigInt: never parsed JSON) counts as too long. */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * The rules' check of a set-up. What only the rules decide, which no DTO can see: ids are unique across the board
 * and squares are listed once; every hand, deck and active spell names a defined spell (or one of the catalog);
 * an active spell's host is of its spell's target kind and stands on the board (S8); a group holds 1 to 8 minions
 * of one kind (B4); an action fits its hook (HOOK_ONLY_ACTIONS, a minion's hook never replaces a structure, a
 * spell's own hooks are never a trait, only a visible lasting group spell takes its host inside) and a created
 * minion's traits create no minions; the terrains (the set-up's and the catalog's its squares name) and the rules
 * chosen are well formed; the whole set-up keeps within SETUP_LIMITS (its size, its spells, its terrains).
 * Along the way it checks each value's shape (setup-shape.checks.ts), in the same pass, so that the first problem
 * found, and so the rejection, stays the one it always was. Throws a CommandRejected naming the field.
 */
export function validateSetup(
  setup: GameSetup,
  spells: Record<string, SpellDefinition>,
  terrains: Record<string, TerrainDefinition> = {},
): void {
  if (jsonLength(setup) > SETUP_LIMITS.setupBytes) {
    invalid('setup', `a set-up is at most ${SETUP_LIMITS.setupBytes} characters of JSON`);
  }
  wholeNumber(setup.seed, 'seed', 0, SETUP_LIMITS.seed);
  oneOf(setup.initiative, COLOURS, 'initiative', 'B1');
  if (setup.name !== undefined) text(setup.name, 'name');
  if (setup.rules !== undefined) checkRules(setup.rules);
  if (setup.turnLimit !== undefined) wholeNumber(setup.turnLimit, 'turnLimit', 1);
  const keys = Object.keys(spells);
  if (keys.length > SETUP_LIMITS.spells) invalid('spells', `a game uses at most ${SETUP_LIMITS.spells} spells`);
  for (const key of keys) checkSpell(key, spells[key]);
  if (setup.terrains !== undefined) object(setup.terrains, 'terrains');
  const terrainKeys = Object.keys(terrains);
  if (terrainKeys.length > SETUP_LIMITS.terrains) {
    invalid('terrains', `a game uses at most ${SETUP_LIMITS.terrains} terrains`);
  }
  for (const key of terrainKeys) checkTerrain(key, terrains[key]);
  checkPlayers(setup, spells);
  checkBoard(setup, spells);
}
