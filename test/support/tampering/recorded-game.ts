import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EventStoreOptions } from '@app/event-store';
import {
  GameReceipts,
  type GameEventLine,
  ORGANISER,
  type Receipt,
  ReceiptKeyRing,
  gameEventPages,
  generateSigningKeyPem,
  parseSigningKey,
} from '@app/games';
import type { Scenario } from '@app/rules';
import { GamesHarness, playScenario } from '../../../libs/games/test/games-testing';
import { REPO_ROOT } from '../repo-root';

/** The example game with a third turn, so that its record has several commands of every kind. */
export function tamperedScenario(): Scenario {
  const scenario = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'), 'utf8'),
  ) as Scenario;
  return { ...scenario, turns: [...scenario.turns, { orders: {} }] };
}

/** A game as the service recorded it, with what its players kept: one receipt per command. */
export interface RecordedGame {
  gameId: string;
  events: GameEventLine[];
  receipts: Receipt[];
  /** The public keys the receipts verify against (the service's `/.well-known/sanctum-keys`). */
  keys: ReceiptKeyRing;
  /** The signing key's PEM (for a CLI given `--key`), and the public one. */
  signingKeyPem: string;
}

/**
 * Plays the game into the store given (snapshots every few events, so that a stored game has several), and reads it
 * back with its receipts.
 */
export async function recordGame(store: EventStoreOptions, gameId: string): Promise<RecordedGame> {
  const signingKeyPem = generateSigningKeyPem();
  const keys = new ReceiptKeyRing(parseSigningKey(signingKeyPem, 'the test key'));
  const harness = await GamesHarness.start({ store, snapshotEvery: 40, receiptKeys: keys });
  try {
    await playScenario(harness, tamperedScenario(), gameId);
    const events: GameEventLine[] = [];
    for await (const page of gameEventPages(harness.store, gameId)) events.push(...page);
    const receipts = await harness.app.get(GameReceipts).list(gameId, ORGANISER);
    return { gameId, events, receipts, keys, signingKeyPem };
  } finally {
    await harness.close();
  }
}
