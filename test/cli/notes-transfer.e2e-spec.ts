import * as fs from 'node:fs';
import * as path from 'node:path';
import { SqliteEventStore } from '@app/event-store';
import { GameNotes } from '@app/games';
import { makeTempDir, removeTempDir } from '../api/support/api-test-app';
import { REPO_ROOT } from '../support/repo-root';
import { runCli, sqliteEnv, storeScenarioGame } from './replay-transfer.cli-runner';

const EXAMPLE = path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json');
const GAME_ID = 'noted';

/**
 * Issue #27, 3: a game's judge's notes travel with its export, in a file of their own (`export --notes FILE`), so the
 * game's file stays the chained record; `import --notes FILE` stores them with the game, once.
 */
describe('sanctum export / import of a game with its judge’s notes (CLI end to end)', () => {
  const dir = makeTempDir();
  const file = (name: string) => path.join(dir, name);
  const notes = [
    { revision: 19, text: 'for red only', visibleTo: ['red'] as const },
    { revision: 7, text: 'for everybody', visibleTo: ['public'] as const },
  ];

  beforeAll(async () => {
    await storeScenarioGame(file('origin.db'), EXAMPLE, GAME_ID);
    const store = new SqliteEventStore({ path: file('origin.db') });
    try {
      for (const note of notes) await new GameNotes(store).add(GAME_ID, { ...note, visibleTo: [...note.visibleTo] });
    } finally {
      await store.close();
    }
  });

  afterAll(() => removeTempDir(dir));

  it('export --notes writes the notes beside the game; the game’s own lines hold none', async () => {
    const exported = await runCli({
      args: ['export', GAME_ID, '--notes', file('notes.jsonl')],
      env: sqliteEnv(file('origin.db')),
    });
    expect(exported.exitCode).toBe(0);
    expect(exported.stderr).toContain('2 notes written to');
    fs.writeFileSync(file('game.jsonl'), exported.stdout);
    expect(exported.stdout).not.toContain('for red only');
    const lines = fs
      .readFileSync(file('notes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(notes.map((note) => ({ ...note, visibleTo: [...note.visibleTo] })));
  });

  it('import --notes stores them with the game, once however often it is run; a bad notes file is refused first', async () => {
    const env = sqliteEnv(file('copy.db'));
    const first = await runCli({ args: ['import', file('game.jsonl'), '--notes', file('notes.jsonl')], env });
    expect([first.exitCode, first.stderr]).toEqual([0, expect.stringContaining('2 notes stored with game noted')]);
    const again = await runCli({ args: ['import', file('game.jsonl'), '--notes', file('notes.jsonl')], env });
    expect([again.exitCode, again.stderr]).toEqual([0, expect.stringContaining('0 notes stored')]);
    const store = new SqliteEventStore({ path: file('copy.db') });
    try {
      expect((await new GameNotes(store).all(GAME_ID)).map(({ revision, text }) => [revision, text])).toEqual([
        [19, 'for red only'],
        [7, 'for everybody'],
      ]);
    } finally {
      await store.close();
    }
    fs.writeFileSync(file('bad.jsonl'), '{"revision": 1, "text": "", "visibleTo": ["green"]}\n');
    const bad = await runCli({
      args: ['import', file('game.jsonl'), '--notes', file('bad.jsonl')],
      env: sqliteEnv(file('other.db')),
    });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('bad.jsonl:1: text must be 1 to 2000 characters; visibleTo must list each of');
    expect(fs.existsSync(file('other.db'))).toBe(false);
  });
});
