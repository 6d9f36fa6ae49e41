import * as fs from 'node:fs';
import { runScenario } from '@app/rules';
import type { DomainEvent } from '@app/rules';
import { SqliteEventStore } from '@app/event-store';
import { gameStream } from '@app/games/game-stream';
import { chainEvents, genesisHash } from '@app/verifier';
import { parseScenarioFile } from '@app/games/scenario-file';
import { runSanctum } from '../support/run-cli';
import type { CliOptions, CliRun } from '../support/run-cli';

/** How one CLI process is started: its arguments, extra environment (the store), and what it reads on stdin. */
export interface CliCall extends CliOptions {
  args: string[];
}

export function runCli({ args, ...options }: CliCall): Promise<CliRun> {
  return runSanctum(args, options);
}

/** Runs several calls at once (each waits for a slot); results by name. */
export async function runAll<K extends string>(calls: Record<K, CliCall>): Promise<Record<K, CliRun>> {
  const names = Object.keys(calls) as K[];
  const results = await Promise.all(names.map((name) => runCli(calls[name])));
  return Object.fromEntries(names.map((name, i) => [name, results[i]])) as Record<K, CliRun>;
}

/** A SQLite store file (SQLITE_PATH) for one CLI call. */
export function sqliteEnv(file: string): Record<string, string> {
  return { EVENT_STORE: 'sqlite', SQLITE_PATH: file };
}

/** The chained events of a scenario file's game, as the service would have stored them. */
export function chainedScenario(scenarioFile: string, gameId: string): DomainEvent[] {
  const scenario = parseScenarioFile(JSON.parse(fs.readFileSync(scenarioFile, 'utf8')));
  return chainEvents(genesisHash(gameId), runScenario(scenario, gameId).events).events;
}

/**
 * Stores a scenario file's game in a SQLite file, chained, in one append (as GameCommandService would); only
 * its first `count` events when given (what an interrupted import leaves).
 */
export async function storeScenarioGame(
  sqliteFile: string,
  scenarioFile: string,
  gameId: string,
  count?: number,
): Promise<void> {
  const store = new SqliteEventStore({ path: sqliteFile });
  try {
    const events = chainedScenario(scenarioFile, gameId)
      .slice(0, count)
      .map(({ type, data, metadata }) => ({
        type,
        data,
        metadata: { ...metadata } as Record<string, unknown>,
      }));
    await store.append(gameStream(gameId), events, 'no-stream');
  } finally {
    await store.close();
  }
}
