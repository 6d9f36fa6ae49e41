import type { EngineContext } from '../engine/engine-context';
import type { DamageResult } from '../events/event-vocabulary';
import type { Minion } from '../model/game-state';
import { isAlive } from '../model/state-queries';
import type { Action, DamageType } from '../model/spell-definition';
import { actionOf } from '../model/spell-definition';
import { runTriggeredAction } from '../actions/run-action';
import { runDeath } from './death.pipeline';
import { bypassedByMagic, matchesDamage, triggersFor } from './triggers';

/** D0.1: the parameters of one run of the "Takes Damage" pipeline. */
export interface DamageRun {
  minionId: string;
  amount: number;
  damage: DamageType;
  /** The attacker to blame, if any (combat damage always has one). */
  attackerId: string | null;
  /** A combat blow (an attack order striking, T3): "is hit in combat" and the attacker's "hits" effects apply. */
  combatBlow: boolean;
  /** The event behind this damage (a spell execution, an attack, a trigger). */
  cause: string;
  depth: number;
}

/** Damage still on its way to its minion (looked up once: evolvers change a minion in place), and the event that last changed it. */
interface InFlight {
  run: DamageRun;
  minion: Minion;
  remaining: number;
  incoming: string;
}

/**
 * The "Takes Damage" pipeline, D1–D5. Returns the result, or null when the minion was not alive to take it.
 *
 *   D1 before armor (never halts) → ignores armor or magical? skip D2
 *   D2 armor soak → reduced to 0: bounced
 *   D3 cap at current HP → after-armor effects → cancelled: bounced · the minion died meanwhile: killed
 *   D4 apply → damaged, or killed → D5 death
 */
export function takeDamage(ctx: EngineContext, run: DamageRun): DamageResult | null {
  const minion = ctx.state.minions[run.minionId];
  if (!isAlive(minion)) return null;
  const incoming = ctx.emit(
    'DamageIncoming',
    { minionId: run.minionId, amount: run.amount, damage: run.damage, attackerId: run.attackerId },
    { rule: 'D0.1', step: 'D1', cause: run.cause },
  );
  const flight: InFlight = { run, minion, remaining: run.amount, incoming };

  beforeArmor(ctx, flight);
  if (!(run.damage.ignoresArmor || run.damage.magical)) {
    if (!soakArmor(ctx, flight)) return resolve(ctx, flight, 'bounced', 'D2');
  }
  if (afterArmor(ctx, flight)) return resolve(ctx, flight, 'bounced', 'D3');
  // An effect killed the minion on the way: its death has already run.
  if (!isAlive(minion)) return resolve(ctx, flight, 'killed', null);
  const result = resolve(ctx, flight, applyDamage(ctx, flight), null);
  if (result === 'killed') startDeath(ctx, flight);
  return result;
}

/**
 * D1: every "before checking armor" effect, in order, even once the damage is down to 0; then, with an attacker,
 * every "is hit by" effect, and for a combat blow every "is hit in combat" effect. D1 itself never halts.
 */
function beforeArmor(ctx: EngineContext, flight: InFlight): void {
  const { run } = flight;
  applyDamageEffects(ctx, flight, 'beforeArmor');
  if (run.attackerId === null) return;
  const hit = ctx.emit(
    'MinionHit',
    { minionId: run.minionId, attackerId: run.attackerId },
    { rule: 'D1', step: 'D1', cause: flight.incoming },
  );
  hitEffects(ctx, flight, run.attackerId, hit, 'hitBy');
  if (run.combatBlow) hitEffects(ctx, flight, run.attackerId, hit, 'hitInCombat');
}

const HIT_EVENTS = { hitBy: 'HitEffectTriggered', hitInCombat: 'HitInCombatEffectTriggered' } as const;

/** D1: the minion's "is hit by" (or "is hit in combat") effects that match the blow, each recorded, then run. */
function hitEffects(
  ctx: EngineContext,
  flight: InFlight,
  attackerId: string,
  hit: string,
  hook: 'hitBy' | 'hitInCombat',
): void {
  const { run } = flight;
  for (const firing of triggersFor(ctx.state, flight.minion, hook)) {
    if (!matchesDamage(firing.trigger, run.damage) || bypassedByMagic(firing.trigger, run.damage)) continue;
    if (ctx.budgetSpent(hit)) return;
    const triggered = ctx.emit(
      HIT_EVENTS[hook],
      { minionId: run.minionId, attackerId, by: firing.by, action: firing.trigger.do },
      { rule: 'D1', step: 'D1', cause: hit, copies: firing.trigger.do },
    );
    runTriggeredAction(ctx, firing, { minionId: run.minionId, attackerId, cause: triggered, depth: run.depth + 1 });
  }
}

/** D2: damage and current armor cancel point for point. False if the damage is reduced to 0 (bounced). */
function soakArmor(ctx: EngineContext, flight: InFlight): boolean {
  const { minion } = flight;
  const soaked = Math.min(flight.remaining, minion.armor);
  const damageBefore = flight.remaining;
  flight.remaining -= soaked;
  flight.incoming = ctx.emit(
    'ArmorSoaked',
    {
      minionId: minion.id,
      soaked,
      armorBefore: minion.armor,
      armorAfter: minion.armor - soaked,
      damageBefore,
      damageAfter: flight.remaining,
    },
    { rule: 'D2', step: 'D2', cause: flight.incoming },
  );
  return flight.remaining > 0;
}

/**
 * D3: the cap to current HP comes once, first; then every "after checking armor" effect, in order. True when the
 * run halts bounced: "If this cancels the damage". Damage that came to D3 as 0 and that no effect raised is bounced
 * too by the default reading; the `applied` reading [A] sends it on to D4 (the game's `zeroDamageAtD3`).
 */
function afterArmor(ctx: EngineContext, flight: InFlight): boolean {
  capAtHp(ctx, flight);
  const arrived = flight.remaining;
  applyDamageEffects(ctx, flight, 'afterArmor');
  if (flight.remaining > 0) return false;
  return arrived > 0 || ctx.state.rules.zeroDamageAtD3 === 'bounced';
}

const DAMAGE_EFFECT_STEP = {
  beforeArmor: { step: 'D1', applied: 'BeforeArmorEffectApplied' },
  afterArmor: { step: 'D3', applied: 'AfterArmorEffectApplied' },
} as const;

/**
 * D1/D3: every "before" or "after checking armor" effect happens, in order, each recorded with the damage before
 * and after it: one that acts on the damage changes it, any other action runs on its own subject. A protective
 * one is passed over by magical damage (D0).
 */
function applyDamageEffects(ctx: EngineContext, flight: InFlight, hook: 'beforeArmor' | 'afterArmor'): void {
  const { run } = flight;
  const { step, applied } = DAMAGE_EFFECT_STEP[hook];
  for (const firing of triggersFor(ctx.state, flight.minion, hook)) {
    if (!matchesDamage(firing.trigger, run.damage)) continue;
    if (bypassedByMagic(firing.trigger, run.damage)) {
      ctx.emit(
        'ProtectionBypassed',
        { minionId: run.minionId, by: firing.by },
        { rule: 'D0', step, cause: flight.incoming },
      );
      continue;
    }
    // [A] Past the command's budget only the effects on the damage itself still act: they cascade into nothing.
    if (!actsOnDamage(firing.trigger.do) && ctx.budgetSpent(flight.incoming)) continue;
    const damageBefore = flight.remaining;
    flight.remaining = adjustedDamage(firing.trigger.do, damageBefore);
    flight.incoming = ctx.emit(
      applied,
      { minionId: run.minionId, by: firing.by, action: firing.trigger.do, damageBefore, damageAfter: flight.remaining },
      { rule: step, step, cause: flight.incoming, copies: firing.trigger.do },
    );
    if (!actsOnDamage(firing.trigger.do)) {
      runTriggeredAction(ctx, firing, {
        minionId: run.minionId,
        attackerId: run.attackerId,
        cause: flight.incoming,
        depth: run.depth + 1,
      });
    }
  }
}

/** D3: remaining damage is capped to the minion's current HP. */
function capAtHp(ctx: EngineContext, flight: InFlight): void {
  const hp = Math.max(flight.minion.hp, 0);
  if (flight.remaining <= hp) return;
  flight.incoming = ctx.emit(
    'DamageCapped',
    { minionId: flight.run.minionId, from: flight.remaining, to: hp },
    { rule: 'D3', step: 'D3', cause: flight.incoming },
  );
  flight.remaining = hp;
}

/**
 * D4: HP −= the remaining damage, which after-armor effects may have raised past the cap (there is no second
 * cap); damaged if still alive with HP > 0, else killed.
 */
function applyDamage(ctx: EngineContext, flight: InFlight): DamageResult {
  const { minion } = flight;
  const hpBefore = minion.hp;
  flight.incoming = ctx.emit(
    'DamageApplied',
    { minionId: minion.id, amount: flight.remaining, hpBefore, hpAfter: hpBefore - flight.remaining },
    { rule: 'D4', step: 'D4', cause: flight.incoming },
  );
  return minion.status === 'alive' && minion.hp > 0 ? 'damaged' : 'killed';
}

function resolve(
  ctx: EngineContext,
  flight: InFlight,
  result: DamageResult,
  bouncedAt: 'D2' | 'D3' | null,
): DamageResult {
  const minionId = flight.run.minionId;
  if (bouncedAt !== null) {
    flight.incoming = ctx.emit(
      'DamageBounced',
      { minionId, step: bouncedAt },
      { rule: bouncedAt, step: bouncedAt, cause: flight.incoming },
    );
  }
  flight.incoming = ctx.emit(
    'DamageResolved',
    { minionId, result },
    { rule: result === 'killed' ? 'D5' : 'D4', cause: flight.incoming },
  );
  return result;
}

/** D5: a killed result runs the death pipeline, `kills` with an attacker to blame, `dies` without. */
function startDeath(ctx: EngineContext, flight: InFlight): void {
  const { run } = flight;
  runDeath(ctx, {
    minionId: run.minionId,
    category: run.attackerId === null ? 'dies' : 'kills',
    attackerId: run.attackerId,
    cause: flight.incoming,
    depth: run.depth,
  });
}

/** The D1/D3 actions that act on the damage itself rather than on an entity. */
function actsOnDamage(action: Action): boolean {
  const { name } = actionOf(action);
  return name === 'cancelDamage' || name === 'modifyDamage';
}

function adjustedDamage(action: Action, remaining: number): number {
  const { name, params } = actionOf(action);
  if (name === 'cancelDamage') return 0;
  if (name === 'modifyDamage') return Math.max(0, remaining + (params as { by: number }).by);
  return remaining;
}
