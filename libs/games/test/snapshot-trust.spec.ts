import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { Logger } from '@nestjs/common';
import { fold } from '@app/rules';
import type { DomainEvent } from '@app/rules';
import { auditStoredGame } from '../src/audit/stored-game.audit';
import { gameStream } from '../src/game-stream';
import { GamesHarness, exampleScenario, playScenario, temporaryDirectory } from './games-testing';

/** A snapshot row's body with its JSON changed by `edit`, and (when `redigest`) its digest computed again. */
function forged(text: string, edit: (json: string) => string, redigest: boolean): string {
  const newline = text.indexOf('\n');
  const json = edit(text.slice(newline + 1));
  const digest = redigest ? `sha256:${createHash('sha256').update(json).digest('hex')}` : text.slice(0, newline);
  return `${digest}\n${json}`;
}

/** The first minion's HP in a snapshot's state set to 999. */
const hp999 = (json: string): string => json.replace(/"hp":\d+/, '"hp":999');

describe('snapshots cannot lie (a cache checked against the events)', () => {
  const dir = temporaryDirectory();
  const file = dir.path('trust.db');
  let harness: GamesHarness;
  let events: DomainEvent[];
  let revision: number;
  let original: string;

  const rewriteSnapshot = (body: string): void => {
    const db = new Database(file);
    db.prepare('UPDATE stream_snapshots SET state = ? WHERE stream = ? AND revision = ?').run(
      body,
      gameStream('trust'),
      revision,
    );
    db.close();
  };

  beforeAll(async () => {
    harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: file }, snapshotEvery: 5 });
    await playScenario(harness, exampleScenario(), 'trust');
    events = (await harness.store.readStream(gameStream('trust'))) as unknown as DomainEvent[];
    const db = new Database(file, { readonly: true });
    const row = db
      .prepare('SELECT revision, state FROM stream_snapshots WHERE stream = ? ORDER BY revision DESC LIMIT 1')
      .get(gameStream('trust')) as { revision: number; state: string };
    db.close();
    revision = row.revision;
    original = row.state;
  });
  afterAll(async () => {
    await harness.close();
    dir.cleanup();
  });
  afterEach(() => {
    rewriteSnapshot(original);
    jest.restoreAllMocks();
  });

  const foldAt = (at: number): string => JSON.stringify(fold(events.slice(0, at + 1)));

  it('the audit checks every snapshot against the fold of the events, and finds nothing wrong with honest ones', async () => {
    const report = await auditStoredGame(harness.store, 'trust', harness.snapshots);
    expect(report.snapshots?.checked).toBeGreaterThan(0);
    expect(report.snapshots?.rejected).toEqual([]);
  });

  it('"hp: 999" written into a snapshot row is not served: the load folds from the events, with a log line', async () => {
    rewriteSnapshot(forged(original, hp999, false));
    const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    harness.repository.forget('trust');
    const game = await harness.repository.loadAt('trust', revision);
    expect(JSON.stringify(game.state)).toBe(foldAt(revision));
    expect(game.snapshotRevision).toBe(-1);
    expect(warnings.mock.calls.map(([message]) => String(message)).join('\n')).toContain(
      `snapshot of trust@${revision} not used: its body does not match its digest`,
    );
    const report = await auditStoredGame(harness.store, 'trust', harness.snapshots);
    expect(report.snapshots?.rejected).toEqual([
      { revision, reason: 'its body does not match its digest, or cannot be read' },
    ]);
  });

  it('a forger who also computes the digest again is found by the audit: the state is not the fold', async () => {
    rewriteSnapshot(forged(original, hp999, true));
    const report = await auditStoredGame(harness.store, 'trust', harness.snapshots);
    expect(report.chain.intact).toBe(true);
    expect(report.resimulation.identical).toBe(true);
    expect(report.snapshots?.rejected).toEqual([
      { revision, reason: 'its state is not what the stored events fold to' },
    ]);
  });

  it('a snapshot whose chain hash is not the stored event’s (another game’s, a rewritten past) is not used', async () => {
    rewriteSnapshot(forged(original, (json) => json.replace(/"hash":"[0-9a-f]+"/, `"hash":"${'0'.repeat(64)}"`), true));
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    harness.repository.forget('trust');
    const game = await harness.repository.loadAt('trust', revision);
    expect(game.snapshotRevision).toBe(-1);
    expect(JSON.stringify(game.state)).toBe(foldAt(revision));
    const report = await auditStoredGame(harness.store, 'trust', harness.snapshots);
    expect(report.snapshots?.rejected).toEqual([{ revision, reason: 'its chain hash is not the stored event’s' }]);
  });
});
