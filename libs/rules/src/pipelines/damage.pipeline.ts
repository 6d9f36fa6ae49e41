import type { EngineContext } from '../engine/engine-context';
import type { DamageResult } from '../events/event-vocabulary';
import type { Minion } from '../model/game-state';
import { isAlive } from '../model/state-queries';
import type { Action, DamageType } from '../model/spell-definition';
import { actionOf } from '../model/spell-definition';
import { runTriggeredAction } from '../actions/run-action';
import { runDeath } from './death.pipeline';
import { bypassedByMagic, carriesEffects, matchesDamage, triggersFor } from './triggers';

/** D0.1: the parameters of one run of the "Takes Damage" pipeline. */
export interface DamageRun {
  minionId: string;
  amount: number;
  damage: DamageType;
  /** The attacker to blame, if any (combat damage always has one). */
  attackerId: string | null;
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
  /**
   * The minion carried no effect when the damage arrived. Nothing before D3 can give it one (only its own effects
   * fire on the way), so its D1 and D3 hooks need no look.
   */
  bare: boolean;
}

/**
 * The "Takes Damage" pipeline, D1–D5. Returns the result, or null when the minion was not alive to take it.
 *
 *   D1 before armor → (magical / ignores armor: skip D2) → D2 armor soak → D3 after armor → D4 apply → D5 death
 */
export function takeDamage(ctx: EngineContext, run: DamageRun): DamageResult | null {
  const minion = ctx.state.minions[run.minionId];
  if (!isAlive(minion)) return null;
  const incoming = ctx.emit(
    'DamageIncoming',
    { minionId: run.minionId, amount: run.amount, damage: run.damage, attackerId: run.attackerId },
    { rule: 'D0.1', step: 'D1', cause: run.cause },
  );
  const flight: InFlight = { run, minion, remaining: run.amount, incoming, bare: !carriesEffects(ctx.state, minion) };

  if (!beforeArmor(ctx, flight)) return resolve(ctx, flight, 'bounced', 'D1');
  if (!(run.damage.ignoresArmor || run.damage.magical)) {
    if (!soakArmor(ctx, flight)) return resolve(ctx, flight, 'bounced', 'D2');
  }
  const afterArmorOutcome = afterArmor(ctx, flight);
  if (afterArmorOutcome === 'cancelled') return resolve(ctx, flight, 'bounced', 'D3');
  // D3: the minion died meanwhile (an effect killed it): killed, and its death has already run.
  if (afterArmorOutcome === 'died') return resolve(ctx, flight, 'killed', null);
  const result = resolve(ctx, flight, applyDamage(ctx, flight), null);
  if (result === 'killed') startDeath(ctx, flight);
  return result;
}

/**
 * D1: "before checking armor" effects; then, with an attacker, "is hit by" effects — D1 has no halt, so a blow
 * whose damage was cancelled still hits. False when no damage is left (bounced).
 */
function beforeArmor(ctx: EngineContext, flight: InFlight): boolean {
  const { run } = flight;
  if (!flight.bare) applyDamageEffects(ctx, flight, 'beforeArmor');
  if (run.attackerId !== null) {
    const hit = ctx.emit(
      'MinionHit',
      { minionId: run.minionId, attackerId: run.attackerId },
      { rule: 'D1', step: 'D1', cause: flight.incoming },
    );
    if (!flight.bare) hitByEffects(ctx, flight, run.attackerId, hit);
  }
  return flight.remaining > 0;
}

/** D1: the minion's "is hit by" effects that match the blow, each recorded, then run. */
function hitByEffects(ctx: EngineContext, flight: InFlight, attackerId: string, hit: string): void {
  const { run } = flight;
  for (const firing of triggersFor(ctx.state, flight.minion, 'hitBy')) {
    if (!matchesDamage(firing.trigger, run.damage) || bypassedByMagic(firing.trigger, run.damage)) continue;
    const triggered = ctx.emit(
      'HitEffectTriggered',
      { minionId: run.minionId, attackerId, by: firing.by, action: firing.trigger.do },
      { rule: 'D1', step: 'D1', cause: hit },
    );
    runTriggeredAction(ctx, firing, { minionId: run.minionId, attackerId, cause: triggered, depth: run.depth + 1 });
  }
}

/** D2: damage and current armor cancel point for point. False if the damage reached 0 (bounced). */
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

/** D3: cap at current HP, then "after checking armor" effects. */
function afterArmor(ctx: EngineContext, flight: InFlight): 'continue' | 'cancelled' | 'died' {
  const { minion } = flight;
  capAtHp(ctx, flight);
  if (!flight.bare && applyDamageEffects(ctx, flight, 'afterArmor')) return 'cancelled';
  if (minion.status !== 'alive') return 'died';
  // An effect that raised the damage cannot take HP below 0: the cap holds for what D4 applies.
  capAtHp(ctx, flight);
  return 'continue';
}

const DAMAGE_EFFECT_STEP = {
  beforeArmor: { step: 'D1', applied: 'BeforeArmorEffectApplied' },
  afterArmor: { step: 'D3', applied: 'AfterArmorEffectApplied' },
} as const;

/**
 * D1/D3: the "before" or "after checking armor" effects act on the damage in order, each recorded; a protective
 * one is passed over by magical damage (D0). True when they cancelled the damage.
 */
function applyDamageEffects(ctx: EngineContext, flight: InFlight, hook: 'beforeArmor' | 'afterArmor'): boolean {
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
    const damageBefore = flight.remaining;
    flight.remaining = adjustedDamage(firing.trigger.do, damageBefore);
    flight.incoming = ctx.emit(
      applied,
      { minionId: run.minionId, by: firing.by, action: firing.trigger.do, damageBefore, damageAfter: flight.remaining },
      { rule: step, step, cause: flight.incoming },
    );
    if (flight.remaining <= 0) return true;
  }
  return false;
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

/** D4: HP −= remaining damage; damaged if still alive with HP > 0, else killed. */
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
  bouncedAt: 'D1' | 'D2' | 'D3' | null,
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

/** D1/D3 actions that act on the damage itself. */
function adjustedDamage(action: Action, remaining: number): number {
  const { name, params } = actionOf(action);
  if (name === 'cancelDamage') return 0;
  if (name === 'modifyDamage') return Math.max(0, remaining + (params as { by: number }).by);
  return remaining;
}
