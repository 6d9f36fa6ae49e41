import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  type ExportToVerify,
  type ExportVerification,
  type GameAuditReport,
  type GameEventLine,
  auditEvents,
  chainEvents,
  genesisHash,
  verifyExport,
} from '@app/verifier';
import { auditStoredGame } from '@app/games/audit/stored-game.audit';
import { GameNotFoundError } from '@app/games/games.errors';
import { runScenario, ScenarioFailed } from '@app/rules';
import type { DomainEvent, Scenario } from '@app/rules';
import { CliFailure } from './cli-failure.error';
import { EXIT } from './exit-codes';
import { gameIdFromFile, isGameId } from './game-id';
import type { ScenarioFileReader } from './scenario-file.reader';
import { openConfiguredStore } from './transfer/configured-store';
import { lastRevisionOfFile, openEventFile } from './transfer/event-file.reader';
import { startProgress, type Progress } from './transfer/progress-bar';
import { userPath } from './user-path';

/** What `verify` was given, and how it reads. */
export type VerifyTarget =
  | { kind: 'game'; gameId: string }
  | { kind: 'event-lines'; file: string }
  | { kind: 'json'; file: string }
  | { kind: 'scenario'; file: string };

/**
 * A game id names a stored game unless a file of that name exists; anything else is a file: `*.scenario.json` a
 * scenario, other `*.json` a JSON document (a scenario, an array of events, or `GET /games/:id/events`' answer),
 * anything else JSON lines (`sanctum export`, or the event lines of `GET /games/:id/events`).
 */
export function verifyTarget(given: string): VerifyTarget {
  const file = userPath(given);
  if (isGameId(given) && !existsSync(file)) return { kind: 'game', gameId: given };
  if (/\.scenario\.json$/i.test(given)) return { kind: 'scenario', file: given };
  if (/\.json$/i.test(given)) return { kind: 'json', file: given };
  return { kind: 'event-lines', file: given };
}

/** Sees every event the audit reads, in order (the receipts check). */
export type EventObserver = (event: GameEventLine) => void;

/**
 * Audits what the target names: a stored game, or a file (audited on its own, with no store). With `missingIsEmpty`,
 * a game the store does not hold is audited as a game of no events (receipts of it then no longer hold) rather than
 * refused as unknown.
 */
export function auditTarget(
  target: Exclude<VerifyTarget, { kind: 'event-lines' }>,
  scenarios: ScenarioFileReader,
  observe?: EventObserver,
  missingIsEmpty = false,
): Promise<GameAuditReport> {
  switch (target.kind) {
    case 'game':
      return auditStoredTarget(target.gameId, observe, missingIsEmpty);
    case 'json':
      return auditJsonFile(target.file, scenarios, observe);
    case 'scenario':
      return scenarios.read(target.file).then((scenario) => auditScenario(target.file, scenario));
  }
}

/** A progress bar that starts once the audit knows its total (the game's length, on its first page). */
function lazyProgress(label: string): { update: (done: number, total: number) => void; stop: () => void } {
  let bar: Progress | null = null;
  return {
    update: (done, total) => {
      bar ??= startProgress(label, total, { unit: 'events' });
      bar.update(done);
    },
    stop: () => bar?.stop(),
  };
}

/** A stored game, read from the store the service is configured with; only read, never written. */
async function auditStoredTarget(
  gameId: string,
  observe: EventObserver | undefined,
  missingIsEmpty: boolean,
): Promise<GameAuditReport> {
  // Opening a SQLite path that does not exist would create an empty store there: say so instead.
  const configured = await openConfiguredStore(
    (name) => `game ${gameId} not found: there is no ${name.replace(/^the /, '')}`,
  );
  try {
    const progress = lazyProgress(`verifying ${gameId}`);
    try {
      return await auditStoredGame(configured.store, gameId, configured.snapshots, {
        observe,
        onProgress: progress.update,
      });
    } finally {
      progress.stop();
    }
  } catch (error) {
    if (error instanceof GameNotFoundError) {
      if (missingIsEmpty) return auditEvents([], gameId);
      throw new CliFailure(EXIT.invalidInput, `game ${gameId} not found in ${configured.name}`);
    }
    throw error;
  } finally {
    await configured.close();
  }
}

/**
 * A JSON-lines file (an export), line by line in constant memory, through the verifier's verifyExport — what the
 * offline page runs on the same file — with the receipts a player kept when given. A progress bar on a terminal.
 */
export async function verifyExportFile(
  file: string,
  receipts?: ExportToVerify['receipts'],
): Promise<ExportVerification> {
  const last = await lastRevisionOfFile(file);
  const progress = startProgress(`verifying ${file}`, last === null ? 0 : last + 1, { unit: 'events' });
  const { handle } = await openEventFile(file);
  try {
    const chunks = handle.createReadStream({ encoding: 'utf8' }) as AsyncIterable<string>;
    // The bar redraws on its own clock; telling it every event would cost more than the audit of one.
    return await verifyExport({ name: file, chunks, receipts, onProgress: (events) => progress.update(events) });
  } finally {
    progress.stop();
    await handle.close();
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The events of a JSON document: a list of event lines, or `{gameId, events}` as the HTTP API answers. */
function eventListOf(file: string, json: unknown): GameEventLine[] | null {
  const list = Array.isArray(json) ? json : isObject(json) && Array.isArray(json.events) ? json.events : null;
  if (list === null) return null;
  list.forEach((event: unknown, i) => {
    const ok =
      isObject(event) &&
      Number.isSafeInteger(event.revision) &&
      typeof event.type === 'string' &&
      event.data !== undefined &&
      isObject(event.metadata);
    if (!ok) {
      throw new CliFailure(
        EXIT.invalidInput,
        `${file}: events[${i}] must be an event {"revision", "type", "data", "metadata"}`,
      );
    }
  });
  if (list.length === 0) throw new CliFailure(EXIT.invalidInput, `${file}: no events in the file`);
  return list as GameEventLine[];
}

async function auditJsonFile(
  file: string,
  scenarios: ScenarioFileReader,
  observe?: EventObserver,
): Promise<GameAuditReport> {
  let text: string;
  try {
    if (!statSync(userPath(file)).isFile()) throw new Error('it is not a regular file');
    text = await readFile(userPath(file), 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new CliFailure(
      EXIT.invalidInput,
      `${file}: cannot read the file: ${code === 'ENOENT' ? 'no such file' : message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliFailure(EXIT.invalidInput, `${file}: not valid JSON: ${(error as Error).message}`);
  }
  const events = eventListOf(file, json);
  if (events !== null) {
    if (observe) events.forEach(observe);
    return auditEvents(events);
  }
  return auditScenario(file, await scenarios.parse(file, json, 'neither a list of events nor a scenario: '));
}

/**
 * A scenario: simulated, chained as the service would store it, then audited: a self-check of the engine and the
 * audit (trivially intact). An order the rules refuse ends the game there, as `simulate` prints it.
 */
async function auditScenario(file: string, scenario: Scenario): Promise<GameAuditReport> {
  const gameId = gameIdFromFile(file);
  let events: DomainEvent[];
  try {
    events = runScenario(scenario, gameId).events;
  } catch (error) {
    if (!(error instanceof ScenarioFailed)) throw error;
    if (error.place === 'setup') {
      throw new CliFailure(EXIT.invalidInput, `${file}: the rules refuse the set-up: ${error.rejection.reason}`);
    }
    process.stderr.write(`${error.place}: refused (${error.rejection.message}); verifying the game up to it\n`);
    events = error.events;
  }
  const chained = chainEvents(genesisHash(gameId), events).events;
  return auditEvents(chained.map((event, revision) => ({ revision, ...event }) as unknown as GameEventLine));
}
