import { actionOf, describeRef, MANA_TYPES } from '@app/rules';
import type { Action, DamageType, EntityRef, EventDataMap, EventType, ManaPool, TriggerSource } from '@app/rules';

/** Non-zero mana types in the canonical order (`strife 7, clarity 3`), or `no mana`. */
export function describeMana(pool: Partial<ManaPool>): string {
  const parts = MANA_TYPES.filter((type) => (pool[type] ?? 0) !== 0).map((type) => `${type} ${pool[type]}`);
  return parts.length > 0 ? parts.join(', ') : 'no mana';
}

/** ` (pool: …)`, where the line shows the pool (a viewer sees only its own, see EventRedactor). */
function poolOf(data: { pool?: ManaPool }): string {
  return data.pool === undefined ? '' : ` (pool: ${describeMana(data.pool)})`;
}

/** `minion b-archer` → `b-archer`: in a sentence about a target, the id reads better without its kind. */
export function describeTarget(ref: EntityRef): string {
  return 'minion' in ref ? ref.minion : describeRef(ref);
}

/** A trigger's source; a spell the viewer may not see comes as `{hidden: true}` (libs/games EventRedactor). */
function source(by: TriggerSource | { hidden: true }): string {
  if ('hidden' in by) return 'a hidden spell';
  if ('activeSpellId' in by) return `${by.spell} (${by.activeSpellId})`;
  if ('terrain' in by) return `the ${by.terrain} of ${by.square}`;
  return `${by.minionId}'s trait #${by.trait}`;
}

/** `(because of revision 19)`: the event a squander or fizzle names as its reason (`<gameId>@<revision>`). */
function because(reasonEventId: string | null | undefined): string {
  if (typeof reasonEventId !== 'string') return '';
  const revision = reasonEventId.slice(reasonEventId.lastIndexOf('@') + 1);
  return /^\d+$/.test(revision) ? ` (because of revision ${revision})` : '';
}

const FIZZLE_WORDS: Record<EventDataMap['AttackFizzled']['reason'], string> = {
  'attacker-gone': 'the attacker is gone',
  'victim-gone': 'the victim is gone',
  'not-same-square': 'attacker and victim no longer stand on one square',
  'budget-spent': 'the command has spent its event budget',
};

/** CardsDrawn as a viewer other than the drawer sees it: no cards, their count (libs/games EventRedactor). */
function drawn(d: EventDataMap['CardsDrawn'] & { cardCount?: number }): string {
  if (d.cards.length > 0) return d.cards.join(', ');
  if (d.cardCount) return `${d.cardCount} hidden card${d.cardCount === 1 ? '' : 's'}`;
  return 'nothing';
}

function signed(value: number): string {
  return value >= 0 ? `+${value}` : `${value}`;
}

/** An action in a few words: the common ones by their meaning, the rest by name and parameters. */
export function describeAction(action: Action): string {
  const { name, params } = actionOf(action);
  const p = params as Record<string, unknown>;
  switch (name) {
    case 'damage':
      return `deal ${p.amount}${p.magical ? ' magical' : ''} damage`;
    case 'heal':
      return p.full ? 'heal fully' : `heal ${p.amount}`;
    case 'destroy':
      return `destroy (${p.category})`;
    case 'returnToLife':
      return p.full ? 'return to life at full HP' : `return to life with ${p.hp} HP`;
    case 'modifyDamage':
      return `change the damage by ${signed(Number(p.by))}`;
    case 'cancelDamage':
      return 'cancel the damage';
    case 'gainMana':
      return `${p.player} gains ${describeMana(p.mana as Partial<ManaPool>)}`;
    case 'dispel':
      return `dispel ${p.which}`;
    case 'move':
      return `move to ${p.to}`;
    case 'takeInside':
      return 'take the group inside';
    case 'restore':
      return 'bring back the group it replaced';
    default:
      return `${name} ${JSON.stringify(params)}`;
  }
}

function damageKind(damage: DamageType): string {
  const words = [
    damage.magical ? 'magical' : null,
    damage.kind,
    !damage.magical && damage.ignoresArmor ? 'armor-ignoring' : null,
  ];
  return words.filter((word) => word !== null).join(' ');
}

function by(attackerId: string | null): string {
  return attackerId ? ` by ${attackerId}` : '';
}

const SQUANDER_WORDS: Record<string, string> = {
  'target-dead': 'the target is dead',
  'target-removed': 'the target was removed from the game',
  'target-replaced': 'the target was replaced',
  'target-gone': 'the target is no longer on the board',
  'blocked-by-active-copy': 'a visible copy is already active on the host',
  'requirement-failed': 'a casting requirement no longer holds',
  'square-occupied': 'a group has appeared in the target square',
  'once-per-game': 'a once-per-game spell already cast',
  'target-untargetable': "the target can't be targeted by such spells",
};

const SPELL_HOOK_WORDS: Record<EventDataMap['SpellHookTriggered']['hook'], string> = {
  whenDispelled: 'being dispelled',
  whenExpires: 'expiring',
  whenFails: 'failing',
};

const DISPEL_WORDS: Record<EventDataMap['SpellDispelled']['reason'], string> = {
  'host-died': 'its host died',
  dispelled: 'dispelled',
  'host-no-longer-legal': 'its host is no longer a legal host',
};

const DEATH_WORDS: Record<EventDataMap['MinionDied']['category'], string> = {
  kills: 'is killed',
  dies: 'dies',
  removed: 'is removed from the game',
  replaced: 'is replaced',
};

/** `red wins: blue resigned`, `a draw at the turn limit (hp: red 12, blue 12; minions: red 3, blue 3)`. */
function endWords(d: EventDataMap['GameEnded']): string {
  const outcome = d.winner === null ? 'a draw' : `${d.winner} wins`;
  switch (d.reason) {
    case 'resignation':
      return `${outcome}: ${d.winner === 'red' ? 'blue' : 'red'} resigned`;
    case 'adjudication':
      return `${outcome} by the organiser's ruling${d.ruling ? ` (${d.ruling})` : ''}`;
    case 'turn-limit': {
      const s = d.standings;
      const compared = s
        ? ` (HP: red ${s.red.hp}, blue ${s.blue.hp}; minions: red ${s.red.minions}, blue ${s.blue.minions})`
        : '';
      return `${outcome} at the turn limit${compared}`;
    }
    default:
      return `${outcome} (${String(d.reason)})`;
  }
}

/** Why a spell squandered or an attack fizzled, in words (`the target is dead`). */
export function reasonInWords(type: 'SpellSquandered' | 'AttackFizzled', reason: string): string {
  const words: Record<string, string> = type === 'SpellSquandered' ? SQUANDER_WORDS : FIZZLE_WORDS;
  return words[reason] ?? reason;
}

type Describers = { [K in EventType]: (data: EventDataMap[K]) => string };

/**
 * One sentence per event type. A mapped type over the whole vocabulary: adding an event type to
 * event-vocabulary.ts without a sentence here is a compile error.
 */
const DESCRIBERS: Describers = {
  GameCreated: (d) =>
    `game ${d.gameId}${d.name ? ` "${d.name}"` : ''} is set up: red (${d.players.red.house}) against blue ` +
    `(${d.players.blue.house}), ${d.board.groups.length} group(s), ${d.board.structures.length} structure(s); ` +
    `${d.initiative} has initiative`,
  TurnStarted: (d) => `turn ${d.turn} starts; ${d.initiative} has initiative`,
  InitiativeUpdated: (d) => `initiative passes from ${d.previous} to ${d.initiative}`,
  StartOfTurnEffectTriggered: (d) =>
    `${source(d.by)} triggers on ${describeTarget(d.subject)}: ${describeAction(d.action)}`,
  SpellExpired: (d) => `${d.spell} (${d.activeSpellId}) on ${describeTarget(d.host)} expires`,
  CardsDrawn: (d) => `${d.player} draws ${drawn(d)} (${d.handSize} in hand)`,
  ManaGenerated: (d) => `${d.player} generates ${describeMana(d.mana)}${poolOf(d)}`,
  OrdersPhaseStarted: (d) => `orders phase of turn ${d.turn} opens`,
  SpellTargeted: (d) =>
    `${d.player} targets ${d.spell} on ${describeTarget(d.target)} (${d.orderId}, cost: ${describeMana(d.cost)})`,
  SpellUntargeted: (d) => `${d.player} cancels ${d.spell} (${d.orderId}), refunded ${describeMana(d.refund)}`,
  CardDiscarded: (d) => `${d.player} discards ${d.spell} (${d.orderId})`,
  DiscardCancelled: (d) => `${d.player} takes back the discard of ${d.spell} (${d.orderId})`,
  AttackOrdered: (d) =>
    `${d.player} orders ${d.attackerId} to attack ${d.victimId} with attack #${d.attack} (${d.orderId})`,
  AttackCancelled: (d) => `${d.player} cancels attack ${d.orderId}`,
  OrdersConfirmed: (d) => `${d.player} confirms its orders`,
  SpellExecutionPhaseStarted: (d) =>
    `spell execution starts: ${d.orderIds.length} spell(s)${d.orderIds.length > 0 ? ` (${d.orderIds.join(', ')})` : ''}`,
  CombatPhaseStarted: (d) =>
    `combat starts: ${d.orderIds.length} attack(s)${d.orderIds.length > 0 ? ` (${d.orderIds.join(', ')})` : ''}`,
  CombatRoundStarted: (d) => `combat round ${d.round} of ${d.rounds} starts`,
  ArmorRestored: (d) => `${d.minionId}'s armor is restored (${d.armorBefore} → ${d.armorAfter})`,
  AttackExecuting: (d) => `${d.attackerId} (${d.player}) attacks ${d.victimId} (${d.orderId})`,
  AttackFizzled: (d) => `attack ${d.orderId} fizzles: ${FIZZLE_WORDS[d.reason] ?? d.reason}${because(d.reasonEventId)}`,
  TurnEnded: (d) => `turn ${d.turn} ends`,
  GarbageCollectionScheduled: (d) => `garbage collection of turn ${d.turn} is scheduled`,
  GarbageCollected: (d) =>
    `garbage collection of turn ${d.turn}: ${d.minionIds.length > 0 ? `${d.minionIds.join(', ')} deleted` : 'nothing to delete'}`,

  DamageIncoming: (d) => `${d.minionId} is about to take ${d.amount} ${damageKind(d.damage)} damage${by(d.attackerId)}`,
  BeforeArmorEffectApplied: (d) =>
    `${source(d.by)} changes the damage to ${d.minionId} before armor (${d.damageBefore} → ${d.damageAfter})`,
  ProtectionBypassed: (d) => `magical damage bypasses ${source(d.by)} protecting ${d.minionId}`,
  MinionHit: (d) => `${d.minionId} is hit by ${d.attackerId}`,
  HitEffectTriggered: (d) =>
    `${d.minionId} hit by ${d.attackerId} triggers ${source(d.by)}: ${describeAction(d.action)}`,
  HitInCombatEffectTriggered: (d) =>
    `${d.minionId} hit in combat by ${d.attackerId} triggers ${source(d.by)}: ${describeAction(d.action)}`,
  HitsEffectTriggered: (d) =>
    `${d.attackerId} hits ${d.victimId}, which triggers ${source(d.by)}: ${describeAction(d.action)}`,
  ArmorSoaked: (d) =>
    `${d.minionId}'s armor soaks ${d.soaked} (armor ${d.armorBefore} → ${d.armorAfter}, ` +
    `damage ${d.damageBefore} → ${d.damageAfter})`,
  DamageCapped: (d) => `damage to ${d.minionId} is capped (${d.from} → ${d.to})`,
  AfterArmorEffectApplied: (d) =>
    `${source(d.by)} changes the damage to ${d.minionId} after armor (${d.damageBefore} → ${d.damageAfter})`,
  DamageBounced: (d) => `the damage bounces off ${d.minionId} at ${d.step}`,
  DamageApplied: (d) => `${d.minionId} takes ${d.amount} damage (${d.hpBefore} → ${d.hpAfter} HP)`,
  DamageResolved: (d) => `damage to ${d.minionId} resolved: ${d.result}`,

  DeathStarted: (d) => `${d.minionId} starts to die (${d.category}${by(d.attackerId)}), from ${d.startStep}`,
  MinionDying: (d) => `${d.minionId} is dying`,
  DyingEffectTriggered: (d) => `${d.minionId} is dying: ${source(d.by)} triggers ${describeAction(d.action)}`,
  IfKilledEffectTriggered: (d) =>
    `${d.minionId}, killed by ${d.attackerId}, triggers ${source(d.by)}: ${describeAction(d.action)}`,
  DyingCancelled: (d) => `${source(d.by)} cancels the death of ${d.minionId}: back to ${d.hp} HP`,
  DyingCancelIgnored: (d) => `${source(d.by)} cannot cancel the death of ${d.minionId} again (E1.1)`,
  DeathAverted: (d) => `${d.minionId} survives with ${d.hp} HP`,
  MinionDied: (d) => `${d.minionId} ${DEATH_WORDS[d.category] ?? `dies (${d.category})`}${by(d.attackerId)}`,
  KilledEffectTriggered: (d) =>
    `${d.minionId} killed by ${d.attackerId} triggers ${source(d.by)}: ${describeAction(d.action)}`,
  DiesEffectTriggered: (d) => `the death of ${d.minionId} triggers ${source(d.by)}: ${describeAction(d.action)}`,
  SpellDispelled: (d) =>
    `${d.spell} (${d.activeSpellId}) on ${describeTarget(d.host)} is dispelled: ${DISPEL_WORDS[d.reason] ?? d.reason}`,
  MinionRemovedFromGroup: (d) => `${d.minionId} leaves group ${d.groupId}`,
  MinionBuried: (d) => `${d.minionId} is buried in ${d.player}'s graveyard`,
  GroupDied: (d) => `group ${d.groupId} is gone (${d.category})`,
  StructureDestroyed: (d) => `structure ${d.structureId} is destroyed (${d.category})`,

  SpellExecuting: (d) => `${d.player}'s ${d.spell} executes on ${describeTarget(d.target)} (${d.orderId})`,
  SpellSquandered: (d) =>
    `${d.orderId} is squandered: ${SQUANDER_WORDS[d.reason] ?? d.reason}${because(d.reasonEventId)}`,
  SpellResolved: (d) => `${d.orderId} resolves`,
  SpellActivated: (d) =>
    `${d.spell} becomes active on ${describeTarget(d.host)} as ${d.activeSpellId} (${d.owner}` +
    `${d.visible ? '' : ', hidden'}${d.expiresAtTurn !== null ? `, until turn ${d.expiresAtTurn}` : ''})`,
  MinionHealed: (d) => `${d.minionId} heals ${d.amount} (${d.hpBefore} → ${d.hpAfter} HP)`,
  StatsModified: (d) => {
    const changes = [
      d.armor !== 0 ? `armor ${signed(d.armor)}` : null,
      d.maxHp !== 0 ? `max HP ${signed(d.maxHp)}` : null,
      d.damage !== 0 ? `damage ${signed(d.damage)}` : null,
    ].filter((change) => change !== null);
    const cause = d.activeSpellId ? ` by ${d.activeSpellId}` : '';
    return (
      `${d.minionId}'s stats change${cause}: ${changes.join(', ') || 'nothing'} ` +
      `(now ${d.hpAfter}/${d.maxHpAfter} HP, armor ${d.armorAfter}/${d.maxArmorAfter})`
    );
  },
  ManaGained: (d) => `${d.player} gains ${describeMana(d.mana)}${poolOf(d)}`,
  MinionCreated: (d) =>
    `${d.minion.id} (${d.owner} ${d.minion.kind}${d.minion.class ? ` ${d.minion.class}` : ''}, ` +
    `${d.minion.hp}/${d.minion.maxHp} HP, armor ${d.minion.armor}/${d.minion.maxArmor}) joins group ${d.groupId}`,
  GroupCreated: (d) => `${d.owner} ${d.kind} group ${d.groupId} appears on ${d.square}`,
  StructureCreated: (d) => `${d.owner} ${d.kind} ${d.structureId} appears on ${d.square}`,
  GroupReplaced: (d) => `group ${d.groupId} is replaced by ${d.replacementId}`,
  MinionReplaced: (d) => `${d.minionId} is replaced by ${d.replacementId}`,
  StructureReplaced: (d) => `structure ${d.structureId} is replaced by ${d.replacementId}`,
  SpellTransferred: (d) =>
    `${d.spell} (${d.activeSpellId}) moves from ${describeTarget(d.from)} to ${describeTarget(d.to)}`,
  SpellHookTriggered: (d) =>
    `${source(d.by)}, ${SPELL_HOOK_WORDS[d.hook] ?? d.hook}, acts on ${describeTarget(d.subject)}: ${describeAction(d.action)}`,
  TerrainEffectTriggered: (d) =>
    `the ${d.terrain} of ${d.square} acts on group ${d.groupId} (${d.on === 'groupEnters' ? 'as it enters' : 'after the start of turn'}): ${describeAction(d.action)}`,
  GroupMoved: (d) => `group ${d.groupId} moves from ${d.from} to ${d.to}`,
  GroupMoveBlocked: (d) =>
    `group ${d.groupId} cannot move from ${d.from} to ${d.to}: ${d.reason === 'occupied' ? `group ${d.blockedBy} stands there` : 'it is inside a spell'}`,
  GroupTakenInside: (d) => `group ${d.groupId} goes inside ${d.activeSpellId}, off the board (from ${d.square})`,
  GroupReleased: (d) => `group ${d.groupId} comes out of ${d.activeSpellId} onto ${d.square}`,
  GroupReleaseFailed: (d) =>
    `group ${d.groupId} cannot come out of ${d.activeSpellId} onto ${d.square}: group ${d.blockedBy} stands there`,
  TriggerDepthExceeded: (d) => `${source(d.by)} stops: triggered effects nested ${d.depth} deep`,
  CommandBudgetSpent: (d) =>
    `the command has recorded its ${d.budget} events [A]: no further trigger, effect or attack takes place in it`,
  PlayerResigned: (d) => `${d.player} resigns`,
  ResultAdjudicated: (d) =>
    `the organiser rules ${d.winner === null ? 'a draw' : `${d.winner} the winner`}: ${d.reason}`,
  GameEnded: (d) => `the game ends in turn ${d.turn}: ${endWords(d)}`,
  GameRecordPublished: () =>
    "the organiser publishes the game's whole record: anyone may now read every event and re-simulate it",
};

/** Every event type of the vocabulary (DESCRIBERS has one entry per type, by its type). */
export const DESCRIBED_EVENT_TYPES = Object.keys(DESCRIBERS) as EventType[];

/** Whether `type` is in the vocabulary this build knows (a file from a newer build may have others). */
export function isKnownEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(DESCRIBERS, type);
}

/** What a viewer gets in place of an event it may not see (libs/games EventRedactor's placeholder). */
const REDACTED_TYPE = 'Redacted';

/**
 * What happened, as one sentence (`b-archer takes 3 damage (3 → 0 HP)`). An event type this build does not
 * know, or data that does not fit its type, falls back to the type and its data as JSON: a replay never stops
 * on an event it cannot word. Events as a viewer sees them are worded too: a `Redacted` placeholder (with its
 * metadata's phase) is a hidden order in the orders phase, a hidden event elsewhere.
 */
export function describeEvent(event: { type: string; data: unknown; metadata?: object }): string {
  const fallback = (): string => `${event.type} ${JSON.stringify(event.data)}`;
  if (event.type === REDACTED_TYPE) {
    return (event.metadata as { phase?: unknown } | undefined)?.phase === 'orders'
      ? 'a hidden order'
      : 'a hidden event';
  }
  if (!isKnownEventType(event.type)) return fallback();
  try {
    return (DESCRIBERS[event.type] as (data: unknown) => string)(event.data);
  } catch {
    return fallback();
  }
}
