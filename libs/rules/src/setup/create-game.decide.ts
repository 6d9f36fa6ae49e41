import { SPELL_CATALOG, TERRAIN_CATALOG } from '../catalog';
import { reject } from '../commands/command-rejected.error';
import type { CommandDataMap } from '../commands/command';
import type { EngineContext } from '../engine/engine-context';
import type { EventDataMap } from '../events/event-vocabulary';
import { toPool } from '../model/mana';
import { COLOURS } from '../model/players';
import type { SpellDefinition, TerrainDefinition } from '../model/spell-definition';
import { gameRulesOf } from '../model/game-rules';
import { createdMinion } from '../actions/create-entities';
import { startTurn } from '../pipelines/turn.pipeline';
import { lookup } from '../model/state-queries';
import type { GameSetup } from './game-setup';
import { SETUP_ID, SETUP_ID_RULE } from '../model/ids';
import { validateSetup } from './validate-setup';
import { MissingEntryError } from '../model/entity-accessors';

/**
 * The spells a game can use: those its set-up defines, plus any catalog spell it names without defining.
 * Definitions are copied into GameCreated, so a recorded game never depends on a later catalog.
 */
export function resolveSpells(setup: GameSetup, useCatalog = true): Record<string, SpellDefinition> {
  const given = setup.spells !== null && typeof setup.spells === 'object' ? setup.spells : {};
  const spells: Record<string, SpellDefinition> = { ...given };
  const name = (key: string): void => {
    // Decks repeat their cards: a key already resolved is found by the first lookup and costs nothing more.
    if (!useCatalog || lookup(spells, key) !== undefined) return;
    const known = lookup(SPELL_CATALOG, key);
    if (known !== undefined) spells[key] = known;
  };
  // In order of first mention: each player's hand, then deck; then the board's active spells.
  // Defensive: this runs before validateSetup has checked the shapes it reads.
  const each = (value: unknown, visit: (item: unknown) => void): void => {
    if (Array.isArray(value)) value.forEach(visit);
  };
  const named = (key: unknown): void => {
    if (typeof key === 'string') name(key);
  };
  for (const colour of COLOURS) {
    each(setup.players?.[colour]?.hand, named);
    each(setup.players?.[colour]?.deck, named);
  }
  each(setup.board?.activeSpells, (active) => named((active as { spell?: unknown } | null)?.spell));
  return spells;
}

/**
 * The terrains a game can use (B5): those its set-up defines, plus every catalog terrain one of its squares names
 * without the set-up defining it (in the order of the squares). A name neither defines stays a plain label.
 */
export function resolveTerrains(setup: GameSetup, useCatalog = true): Record<string, TerrainDefinition> {
  const given = setup.terrains !== null && typeof setup.terrains === 'object' ? setup.terrains : {};
  const terrains: Record<string, TerrainDefinition> = { ...given };
  // Defensive: this runs before validateSetup has checked the shapes it reads.
  const squares: unknown = setup.board?.squares;
  if (!useCatalog || !Array.isArray(squares)) return terrains;
  for (const square of squares) {
    const name = (square as { terrain?: unknown } | null)?.terrain;
    if (typeof name !== 'string' || lookup(terrains, name) !== undefined) continue;
    const known = lookup(TERRAIN_CATALOG, name);
    if (known !== undefined) terrains[name] = known;
  }
  return terrains;
}

function gameCreatedData(
  gameId: string,
  setup: GameSetup,
  spells: Record<string, SpellDefinition>,
  terrains: Record<string, TerrainDefinition>,
): EventDataMap['GameCreated'] {
  const player = (colour: 'red' | 'blue'): EventDataMap['GameCreated']['players']['red'] => {
    const given = setup.players[colour];
    return {
      house: given.house,
      mana: toPool(given.mana),
      income: toPool(given.income),
      hand: [...given.hand],
      deck: [...given.deck],
    };
  };
  return {
    gameId,
    name: setup.name ?? gameId,
    seed: setup.seed,
    initiative: setup.initiative,
    // Recorded only when chosen or used, so that a game without them is recorded as engines before 1.7.0 did.
    ...(setup.rules === undefined ? {} : { rules: gameRulesOf(setup.rules) }),
    spells,
    ...(Object.keys(terrains).length === 0 ? {} : { terrains }),
    players: { red: player('red'), blue: player('blue') },
    board: {
      groups: setup.board.groups.map((group) => ({
        id: group.id,
        owner: group.owner,
        square: group.square,
        minions: group.minions.map((minion) => createdMinion(minion.id, minion)),
      })),
      structures: setup.board.structures.map((s) => ({ id: s.id, kind: s.kind, owner: s.owner, square: s.square })),
      squares: (setup.board.squares ?? []).map((square) => ({ id: square.id, terrain: square.terrain ?? undefined })),
      activeSpells: setup.board.activeSpells.map((active) => {
        const spell = lookup(spells, active.spell);
        // validateSetup refused a set-up whose active spells name no defined spell.
        if (spell === undefined) throw new MissingEntryError('spell', active.spell);
        const duration = active.duration ?? spell.duration;
        return {
          id: active.id,
          spell: active.spell,
          owner: active.owner,
          host: active.host,
          visible: spell.visible,
          expiresAtTurn: spell.type === 'conjuration' && duration !== undefined ? 1 + duration : null,
        };
      }),
    },
    // Only when given: a game without a limit records the GameCreated it always did.
    ...(setup.turnLimit === undefined ? {} : { turnLimit: setup.turnLimit }),
  };
}

/** B1–B7: a game is set up as its set-up describes, then turn 1 starts (T1). */
export function createGame(ctx: EngineContext, data: CommandDataMap['CreateGame']): void {
  if (ctx.state.gameId !== null) reject('phase', null, `game ${ctx.state.gameId} already exists`, 'gameId');
  if (typeof data.gameId !== 'string' || !SETUP_ID.test(data.gameId)) {
    reject('invalid', null, `a game id is ${SETUP_ID_RULE}`, 'gameId');
  }
  const setup = data.setup;
  if (setup === null || typeof setup !== 'object' || typeof setup.board !== 'object')
    reject('invalid', null, 'a set-up needs players and a board', 'setup');
  const useCatalog = data.fromRecord !== true;
  const spells = resolveSpells(setup, useCatalog);
  const terrains = resolveTerrains(setup, useCatalog);
  validateSetup(setup, spells, terrains);
  const gameCreated = gameCreatedData(data.gameId, setup, spells, terrains);
  // The set-up weighs on the command's budget by its size [A]: turn 1's start shares the append with it.
  const created = ctx.emit('GameCreated', gameCreated, { rule: 'B1', copies: gameCreated });
  startTurn(ctx, 1, created);
}
