import type { RecordedEvent } from '@app/event-store';
import { gameIdOfStream } from '@app/games';
import type { DomainEvent } from '@app/rules';
import type Database from 'better-sqlite3';
import { GAME_COUNTERS, type GameCounter, SPELL_COUNTERS, type SpellCounter } from './analytics.schema';

/** What a spell whose order this consumer never saw is counted under (a store edited by hand, a bug). */
export const UNKNOWN_SPELL = '(unknown)';

/**
 * Folds one recorded game event into the read-model tables. It only writes: the caller runs it inside the
 * transaction that moves the checkpoint (AnalyticsDatabase.applyBatch), never on its own.
 */
export class ReadModelsProjection {
  private readonly ensureGame: Database.Statement<[string]>;
  private readonly countEvent: Database.Statement<[number, string]>;
  private readonly gameCounter: Record<GameCounter, Database.Statement<[number, string]>>;
  private readonly spellCounter: Record<SpellCounter, Database.Statement<[string]>>;
  private readonly gameSquander: Database.Statement<[string, string]>;
  private readonly spellSquander: Database.Statement<[string, string]>;
  private readonly minionDeath: Database.Statement<[string, string]>;
  private readonly groupDeath: Database.Statement<[string, string]>;
  private readonly rememberOrder: Database.Statement<[string, string, string, string]>;
  private readonly spellOfOrder: Database.Statement<[string, string], { spell: string }>;
  private readonly forgetOrder: Database.Statement<[string, string]>;

  constructor(db: Database.Database) {
    this.ensureGame = db.prepare('INSERT INTO game_totals (game_id) VALUES (?) ON CONFLICT (game_id) DO NOTHING');
    this.countEvent = db.prepare('UPDATE game_totals SET events = events + 1, last_revision = ? WHERE game_id = ?');
    // Column names come from the schema's own constant lists, never from event event.data.
    this.gameCounter = Object.fromEntries(
      GAME_COUNTERS.map((c) => [c, db.prepare(`UPDATE game_totals SET ${c} = ${c} + ? WHERE game_id = ?`)]),
    ) as Record<GameCounter, Database.Statement<[number, string]>>;
    this.spellCounter = Object.fromEntries(
      SPELL_COUNTERS.map((c) => [
        c,
        db.prepare(
          `INSERT INTO spell_totals (spell, ${c}) VALUES (?, 1) ON CONFLICT (spell) DO UPDATE SET ${c} = ${c} + 1`,
        ),
      ]),
    ) as Record<SpellCounter, Database.Statement<[string]>>;
    this.gameSquander = db.prepare(
      'INSERT INTO game_squanders (game_id, reason, count) VALUES (?, ?, 1) ' +
        'ON CONFLICT (game_id, reason) DO UPDATE SET count = count + 1',
    );
    this.spellSquander = db.prepare(
      'INSERT INTO spell_squanders (spell, reason, count) VALUES (?, ?, 1) ' +
        'ON CONFLICT (spell, reason) DO UPDATE SET count = count + 1',
    );
    this.minionDeath = db.prepare(
      'INSERT INTO game_deaths (game_id, category, minions_died) VALUES (?, ?, 1) ' +
        'ON CONFLICT (game_id, category) DO UPDATE SET minions_died = minions_died + 1',
    );
    this.groupDeath = db.prepare(
      'INSERT INTO game_deaths (game_id, category, groups_died) VALUES (?, ?, 1) ' +
        'ON CONFLICT (game_id, category) DO UPDATE SET groups_died = groups_died + 1',
    );
    this.rememberOrder = db.prepare(
      'INSERT INTO order_spells (game_id, order_id, spell, player) VALUES (?, ?, ?, ?) ' +
        'ON CONFLICT (game_id, order_id) DO UPDATE SET spell = excluded.spell, player = excluded.player',
    );
    this.spellOfOrder = db.prepare('SELECT spell FROM order_spells WHERE game_id = ? AND order_id = ?');
    this.forgetOrder = db.prepare('DELETE FROM order_spells WHERE game_id = ? AND order_id = ?');
  }

  /** Applies one event; events of streams that are not games are ignored. */
  apply(event: RecordedEvent): void {
    const gameId = gameIdOfStream(event.stream);
    if (gameId === null) return;
    this.ensureGame.run(gameId);
    this.countEvent.run(event.revision, gameId);
    // Sources hand over checked events (the store's through its boundary, the service's as it shows them) or the
    // stand-ins of damaged ones, which no case below takes.
    this.applyTyped(gameId, event as unknown as DomainEvent);
  }

  private applyTyped(gameId: string, event: DomainEvent): void {
    const count = (counter: GameCounter, by = 1): void => void this.gameCounter[counter].run(by, gameId);
    switch (event.type) {
      case 'SpellTargeted': {
        this.rememberOrder.run(gameId, event.data.orderId, event.data.spell, event.data.player);
        count('spells_targeted');
        this.spellCounter.targeted.run(event.data.spell);
        return;
      }
      case 'SpellUntargeted': {
        this.forgetOrder.run(gameId, event.data.orderId);
        count('spells_cancelled');
        this.spellCounter.cancelled.run(event.data.spell);
        return;
      }
      case 'SpellExecuting': {
        // The order is remembered again here: its spell is what SpellResolved/SpellSquandered are attributed to.
        this.rememberOrder.run(gameId, event.data.orderId, event.data.spell, event.data.player);
        count('casts');
        this.spellCounter.casts.run(event.data.spell);
        return;
      }
      case 'SpellResolved': {
        count('resolved');
        this.spellCounter.resolved.run(this.settleOrder(gameId, event.data.orderId));
        return;
      }
      case 'SpellActivated': {
        this.forgetOrder.run(gameId, event.data.orderId);
        count('activated');
        this.spellCounter.activated.run(event.data.spell);
        return;
      }
      case 'SpellSquandered': {
        const spell = this.settleOrder(gameId, event.data.orderId);
        count('squandered');
        this.gameSquander.run(gameId, event.data.reason);
        this.spellCounter.squandered.run(spell);
        this.spellSquander.run(spell, event.data.reason);
        return;
      }
      case 'MinionDied': {
        count('minions_died');
        this.minionDeath.run(gameId, event.data.category);
        return;
      }
      case 'GroupDied': {
        count('groups_died');
        this.groupDeath.run(gameId, event.data.category);
        return;
      }
      case 'DamageResolved': {
        count('damage_runs');
        if (event.data.result === 'killed') count('damage_killed');
        return;
      }
      case 'DamageBounced': {
        count('damage_bounced');
        if (event.data.step === 'D2') count('damage_bounced_by_armor');
        return;
      }
      case 'ArmorSoaked':
        count('armor_soaked', event.data.soaked);
        return;
      case 'DamageApplied':
        count('damage_dealt', event.data.amount);
        return;
      default:
        return;
    }
  }

  /** The spell of an order that has reached its outcome; the order is forgotten, nothing refers to it later. */
  private settleOrder(gameId: string, orderId: string): string {
    const spell = this.spellOfOrder.get(gameId, orderId)?.spell ?? UNKNOWN_SPELL;
    this.forgetOrder.run(gameId, orderId);
    return spell;
  }
}
