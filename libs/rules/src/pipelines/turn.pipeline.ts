import { runAction } from '../actions/run-action';
import type { EngineContext } from '../engine/engine-context';
import type { EntityRef } from '../model/game-state';
import { addPools } from '../model/mana';
import type { Colour, Player } from '../model/players';
import { isColour, opponentOf, standardSequence } from '../model/players';
import type { Action } from '../model/spell-definition';
import type { TriggerSource } from '../events/event-vocabulary';
import { isAlive } from '../model/state-queries';
import { RULES_OPTIONS } from '../rules-options';
import { runCombatPhase } from './combat.pipeline';
import { leavePlay } from './leave-play';
import { terrainAfterStartOfTurn } from './terrain.pipeline';
import { runSpellExecutionPhase } from './spell-execution.pipeline';
import { endAtTurnLimit } from './game-end.pipeline';
import { activeSpellAt, minionAt, spellAt } from '../model/entity-accessors';

/**
 * T1, start of turn, in the order T1 lists its steps: at-start-of-turn effects → conjuration expiry → [A] the
 * terrains' effects after the start of turn → draw up to hand size → mana generation → initiative update. TurnStarted announces who holds initiative in this turn; until
 * the update, the start-of-turn steps still follow the previous holder's sequence (B2).
 */
export function startTurn(ctx: EngineContext, turn: number, cause: string): void {
  const previous = ctx.state.initiative;
  const initiative = turn === 1 || !RULES_OPTIONS.initiativeAlternates ? previous : opponentOf(previous);
  const started = ctx.emit('TurnStarted', { turn, initiative }, { rule: 'T1', cause });
  startOfTurnEffects(ctx, started);
  expireConjurations(ctx, turn, started);
  terrainAfterStartOfTurn(ctx, started);
  drawCards(ctx, started);
  generateMana(ctx, started);
  if (initiative !== previous)
    ctx.emit('InitiativeUpdated', { turn, initiative, previous }, { rule: 'T1', cause: started });
  ctx.emit('OrdersPhaseStarted', { turn }, { rule: 'T1', cause: started });
}

/** B7: each player draws from the top of its deck up to the hand size. */
function drawCards(ctx: EngineContext, cause: string): void {
  for (const colour of coloursInSequence(ctx)) {
    const player = ctx.state.players[colour];
    const cards = player.deck.slice(0, Math.max(0, RULES_OPTIONS.handSize - player.hand.length));
    ctx.emit(
      'CardsDrawn',
      { player: colour, cards, handSize: player.hand.length + cards.length },
      { rule: 'B7', cause },
    );
  }
}

/** T1 [A]: each player gains its income. */
function generateMana(ctx: EngineContext, cause: string): void {
  for (const colour of coloursInSequence(ctx)) {
    const player = ctx.state.players[colour];
    ctx.emit(
      'ManaGenerated',
      { player: colour, mana: { ...player.income }, pool: addPools(player.mana, player.income) },
      { rule: 'T1', cause },
    );
  }
}

/** Red and blue in the standard sequence (B2) of the current initiative holder. */
function coloursInSequence(ctx: EngineContext): Colour[] {
  return standardSequence(ctx.state.initiative).filter(isColour);
}

/**
 * T1 at-start-of-turn effects, by owner in the standard sequence (B2): each owner's active spells in casting
 * order (S8), then the traits of its living minions.
 */
function startOfTurnEffects(ctx: EngineContext, cause: string): void {
  for (const owner of standardSequence(ctx.state.initiative)) {
    for (const activeSpellId of [...ctx.state.players[owner].activeSpells]) {
      const active = ctx.state.activeSpells[activeSpellId];
      if (active === undefined) continue;
      for (const trigger of spellAt(ctx.state, active.spell).triggers) {
        if (trigger.on !== 'atStartOfTurn' || ctx.state.activeSpells[activeSpellId] === undefined) continue;
        fire(ctx, { activeSpellId, spell: active.spell }, active.host, trigger.do, owner, activeSpellId, cause);
      }
    }
    // Its minions with such a trait as the board stands now (the state lists them: no scan of the board).
    for (const minionId of [...ctx.state.startOfTurnMinionIds]) {
      const minion = minionAt(ctx.state, minionId);
      if (minion.owner !== owner) continue;
      minion.traits.forEach((trigger, index) => {
        if (trigger.on !== 'atStartOfTurn' || !isAlive(ctx.state.minions[minion.id])) return;
        fire(ctx, { trait: index, minionId: minion.id }, { minion: minion.id }, trigger.do, owner, null, cause);
      });
    }
  }
}

function fire(
  ctx: EngineContext,
  by: TriggerSource,
  subject: EntityRef,
  action: Action,
  owner: Player,
  activeSpellId: string | null,
  cause: string,
): void {
  if (ctx.budgetSpent(cause)) return;
  const triggered = ctx.emit(
    'StartOfTurnEffectTriggered',
    { by, subject, action },
    { rule: 'T1', cause, copies: action },
  );
  runAction(ctx, action, {
    subject,
    caster: owner,
    attackerId: null,
    cause: triggered,
    depth: 1,
    activeSpellId,
    rule: 'T1',
  });
}

/** S1: a conjuration ends after its set duration, at the start of the turn it expires in. */
function expireConjurations(ctx: EngineContext, turn: number, cause: string): void {
  // The expiring ones are listed before any leaves play: leaving changes the record.
  const expiring: string[] = [];
  for (const id in ctx.state.activeSpells) {
    const expiresAtTurn = activeSpellAt(ctx.state, id).expiresAtTurn;
    if (expiresAtTurn !== null && expiresAtTurn <= turn) expiring.push(id);
  }
  for (const id of expiring) {
    // An earlier one's `whenExpires` hook may have taken this one out of play already.
    if (ctx.state.activeSpells[id] !== undefined) leavePlay(ctx, id, 'expired', { rule: 'S1', cause });
  }
}

/** T2 → T1: both players confirmed, so the turn executes: spells, combat, end of turn. */
export function executeTurn(ctx: EngineContext, cause: string): void {
  runSpellExecutionPhase(ctx, cause);
  runCombatPhase(ctx, cause);
  const ended = ctx.emit('TurnEnded', { turn: ctx.state.turn }, { rule: 'T1', cause });
  endAtTurnLimit(ctx, ended);
  ctx.emit('GarbageCollectionScheduled', { turn: ctx.state.turn }, { rule: 'T1', cause: ended });
}

/**
 * T1 garbage collection (E3.3): every minion in every graveyard is deleted; then the next turn starts, unless the game
 * has ended [A] (what was due is still collected).
 */
export function collectGarbage(ctx: EngineContext, cause?: string): void {
  const turn = ctx.state.turn;
  const minionIds = standardSequence(ctx.state.initiative).flatMap((player) => ctx.state.players[player].graveyard);
  const collected = ctx.emit('GarbageCollected', { turn, minionIds }, { rule: 'E3.3', cause });
  if (ctx.state.result === null) startTurn(ctx, turn + 1, collected);
}
