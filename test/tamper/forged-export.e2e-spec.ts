import * as fs from 'node:fs';
import * as path from 'node:path';
import { createPublicKey } from 'node:crypto';
import Database from 'better-sqlite3';
import { type GameEventLine, chainEvent, chainSecretOf, gameStream, genesisHash } from '@app/games';
import { makeTempDir, removeTempDir } from '../api/support/api-test-app';
import { runSanctum } from '../support/run-cli';
import { type RecordedGame, recordGame } from '../support/tampering/recorded-game';
import { DeepNesting, HugeNumber, storedJson } from '../support/tampering/unwritable-json';

/** The events from `from` on linked again, as a forger who read the chain secret in the file would. */
function rechainFrom(events: GameEventLine[], from: number): GameEventLine[] {
  let previous =
    from === 0
      ? genesisHash(String(events[0]!.metadata.gameId), chainSecretOf(events[0]!.metadata) ?? undefined)
      : String(events[from - 1]!.metadata.hash);
  return events.map((event, i) => {
    if (i < from) return event;
    const { prevHash: _p, hash: _h, ...metadata } = event.metadata;
    const linked = chainEvent(previous, { ...event, metadata });
    previous = linked.metadata.hash;
    return linked;
  });
}

/**
 * Issue #23, for files: an export forged and chained again whose events are malformed was imported (exit 0) and then
 * poisoned the doors of every game; numbers and nesting no reader can take made import and verify exit 70. Now an
 * import refuses a file it cannot vouch for — every event of the vocabulary, every command re-derived — whole, naming
 * the line, and writes nothing; verify finds the same. And a game deleted whole is caught by its players' receipts.
 */
describe('forged export files and a removed game: refused and found, never 70 (CLI e2e)', () => {
  const dir = makeTempDir();
  const store = path.join(dir, 'source.db');
  const at = (name: string): string => path.join(dir, name);
  let game: RecordedGame;

  const write = (name: string, events: readonly unknown[]): string => {
    fs.writeFileSync(at(name), `${events.map((event) => storedJson(event)).join('\n')}\n`);
    return at(name);
  };
  const withData = (revision: number, data: (given: Record<string, unknown>) => unknown): GameEventLine[] =>
    game.events.map((event) =>
      event.revision === revision ? { ...event, data: data(event.data as Record<string, unknown>) } : event,
    );

  beforeAll(async () => {
    game = await recordGame({ kind: 'sqlite', sqlitePath: store }, 'bb1');
  });
  afterAll(() => removeTempDir(dir));

  const forged: [string, () => GameEventLine[], number][] = [
    [
      'line 16 data null, chained again',
      () =>
        rechainFrom(
          withData(15, () => null),
          15,
        ),
      16,
    ],
    [
      'the set-up board null, chained again',
      () =>
        rechainFrom(
          withData(0, (data) => ({ ...data, board: null })),
          0,
        ),
      1,
    ],
    ['1e400 in an amount', () => withData(15, (data) => ({ ...data, amount: new HugeNumber(false) })), 16],
    ['200,000 levels of nesting', () => withData(15, (data) => ({ ...data, amount: new DeepNesting(200_000) })), 16],
  ];

  it.each(forged)(
    'import refuses a file with %s (exit 3, naming the line), writes nothing; verify finds it (exit 3)',
    async (name, events, line) => {
      const file = write(`${name.replace(/\W+/g, '-')}.jsonl`, events());
      const target = at(`${name.replace(/\W+/g, '-')}.db`);
      const [imported, verified] = await Promise.all([
        runSanctum(['import', file], { env: { SQLITE_PATH: target } }),
        runSanctum(['verify', file]),
      ]);
      expect({ exitCode: imported.exitCode, stdout: imported.stdout }).toEqual({ exitCode: 3, stdout: '' });
      expect(imported.stderr).toContain(`.jsonl:${line}:`);
      expect(imported.stderr).toContain('Nothing was imported');
      expect(imported.stderr).not.toMatch(/\n\s+at /);
      if (fs.existsSync(target)) {
        const db = new Database(target, { readonly: true });
        expect(db.prepare('SELECT count(*) AS n FROM events WHERE stream = ?').get(gameStream('bb1'))).toEqual({
          n: 0,
        });
        db.close();
      }
      expect(verified.exitCode).toBe(3);
      expect(verified.stdout).toContain(`does not hold from revision ${line - 1} on`);
      expect(verified.stderr).not.toMatch(/\n\s+at /);
    },
  );

  it('verify GAME --receipts of a game deleted whole exits 3, naming the first receipt that no longer holds', async () => {
    const receipts = write('receipts.jsonl', game.receipts);
    const key = write('key.pem', []);
    fs.writeFileSync(key, createPublicKey(game.signingKeyPem).export({ type: 'spki', format: 'pem' }).toString());
    const db = new Database(store);
    db.prepare('DELETE FROM events WHERE stream = ?').run(gameStream('bb1'));
    db.close();
    const run = await runSanctum(['verify', 'bb1', '--receipts', receipts, '--key', key], {
      env: { SQLITE_PATH: store },
    });
    expect(run.exitCode).toBe(3);
    const first = game.receipts[0]!;
    expect(run.stdout).toContain(
      `the receipt at ${receipts} line 1 (revision ${first.revision}, command ${first.commandId})`,
    );
    expect(run.stdout).toContain('the store holds no event of game bb1');
  });
});
