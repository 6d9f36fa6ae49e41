/**
 * The players' receipts against forgeries of the store, through the command line.
 *
 * Why it is slow: a game is played over HTTP, then each forgery is a copy of its store, rewritten and checked by the
 * CLI's own process as a judge would run it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Command, Scenario } from '@app/rules';
import type { GameEventLine, Receipt } from '@app/games';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from '../api/support/api-test-app';
import { countOf, orderBody, playScenario, readScenario, waitForEvents } from '../api/support/scenario.http-player';
import { REPO_ROOT } from '../support/repo-root';
import { type CliRun, runSanctum } from '../support/run-cli';
import { StoreForger, commandsOf, copyStore, recordedSecret, rederive } from '../support/store-forger';

const GAME = 'disputed';
const EXAMPLE = path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json');

type Colour = 'red' | 'blue';

/**
 * Issue #18's forgeries, each on a copy of a store played over HTTP, each made as someone with write access to the
 * SQLite file would (better-sqlite3 on the copy): the audit alone passes every re-derived forgery; `sanctum verify
 * GAME --receipts FILE` catches each at the first receipt it changes.
 */
describe('sanctum verify --receipts and verify-receipt: the players’ receipts against forgeries of the store', () => {
  const dir = makeTempDir();
  const file = (name: string) => path.join(dir, name);
  const original = file('original.db');
  let api: ApiTestApp;
  const kept: Record<'organiser' | Colour, Receipt[]> = { organiser: [], red: [], blue: [] };
  let stored: GameEventLine[];
  let publicReceipts: Receipt[];
  const runs: Record<string, CliRun> = {};

  /** A receipt file's lines, and where each receipt stands in it (`red.jsonl line 3`). */
  const writeReceipts = (name: string, receipts: Receipt[]) =>
    fs.writeFileSync(file(name), receipts.map((receipt) => JSON.stringify(receipt)).join('\n') + '\n');
  const lineOf = (name: string, commandId: string) =>
    fs
      .readFileSync(file(name), 'utf8')
      .split('\n')
      .findIndex((line) => line.includes(`"commandId":"${commandId}"`)) + 1;
  const storeEnv = (db: string) => ({ EVENT_STORE: 'sqlite', SQLITE_PATH: db });

  /** A copy of the store, rewritten by `forge` (given the stored events, answering the new ones). */
  function forgedCopy(name: string, forge: (events: GameEventLine[]) => GameEventLine[]): string {
    const copy = file(`${name}.db`);
    copyStore(original, copy);
    const forger = new StoreForger(copy);
    try {
      const events = forger.events(GAME);
      const forged = forge(events);
      let from = 0;
      while (from < events.length && JSON.stringify(events[from]) === JSON.stringify(forged[from])) from += 1;
      forger.rewriteFrom(GAME, from, forged);
    } finally {
      forger.close();
    }
    return copy;
  }

  /** Re-derives the game from its commands after `edit`, with the original ids and the recorded chain secret. */
  const rederived = (edit: (commands: Command[]) => void, secret?: string) => (events: GameEventLine[]) => {
    const commands = commandsOf(events);
    edit(commands);
    return rederive(GAME, commands, secret ?? recordedSecret(events));
  };
  const commandNamed = (commands: Command[], commandId: string) =>
    commands.find((command) => command.metadata.commandId === commandId) as Command;

  beforeAll(async () => {
    api = await startApi(original);
    const scenario = readScenario(EXAMPLE) as Scenario;
    const tokens = await playScenario(api, scenario, GAME, { turns: 1, receipts: kept });
    // The last command: red's acknowledged turn-2 order (no confirmation follows it).
    const order = await api
      .as(tokens.red)
      .post(`/games/${GAME}/orders`)
      .set('Idempotency-Key', 'turn-2/red/0')
      .send(orderBody('red', scenario.turns[1].orders.red?.[0] as never))
      .expect(201);
    kept.red.push(order.body.receipt);
    stored = await waitForEvents(api, GAME, (events) => countOf(events, 'GarbageCollected') === 1);
    publicReceipts = (await api.as().get(`/games/${GAME}/receipts`).expect(200)).body.receipts;
    fs.writeFileSync(file('keys.json'), JSON.stringify((await api.as().get('/.well-known/sanctum-keys')).body));
    fs.writeFileSync(file('head.json'), JSON.stringify((await api.as().get(`/games/${GAME}/head`)).body));
    await api.close();

    // What each player keeps: its own receipts and the public ones (the set-up, the collection), in revision order.
    const byRevision = (a: Receipt, b: Receipt) => a.revision - b.revision;
    writeReceipts('red.jsonl', [...kept.red, ...publicReceipts].sort(byRevision));
    writeReceipts('blue.jsonl', [...kept.blue, ...publicReceipts].sort(byRevision));
    const flipped = JSON.stringify(kept.red[1]).replace(
      /"hash":"(.)/,
      (_, c: string) => `"hash":"${c === 'a' ? 'b' : 'a'}`,
    );
    fs.writeFileSync(file('flipped.jsonl'), `${JSON.stringify(kept.red[0])}\n${flipped}\n`);
    fs.writeFileSync(file('not-json.jsonl'), `${JSON.stringify(kept.red[0])}\n{"gameId": \n`);
    fs.writeFileSync(file('empty.jsonl'), '\n');
    const keys = JSON.parse(fs.readFileSync(file('keys.json'), 'utf8'));
    fs.writeFileSync(file('key.pem'), keys.keys[0].publicKey);

    const victim = forgedCopy(
      'victim',
      rederived((commands) => {
        (commandNamed(commands, 'turn-1/red/1').data as { victimId: string }).victimId = 'b-archer';
      }),
    );
    const truncated = forgedCopy('truncated', (events) =>
      events.filter((e) => e.metadata.commandId !== 'turn-2/red/0'),
    );
    const seed = forgedCopy(
      'seed',
      rederived((commands) => {
        (commands[0].data as { setup: { seed: number } }).setup.seed = 12345;
      }),
    );
    const renamed = forgedCopy(
      'renamed',
      rederived((commands) => {
        const mend = commandNamed(commands, 'turn-1/blue/0');
        mend.metadata = { ...mend.metadata, commandId: 'turn-1/blue/0b', correlationId: 'turn-1/blue/0b' };
      }),
    );
    const secret = forgedCopy(
      'secret',
      rederived(() => undefined, 'ab'.repeat(32)),
    );

    // What an older service recorded: no chain secret, the chain from the unkeyed genesis.
    const unkeyed = forgedCopy('unkeyed', (events) => rederive(GAME, commandsOf(events), undefined));

    fs.mkdirSync(file('elsewhere'));
    copyStore(original, file('elsewhere/copy.db'));
    const receiptsOf = (name: string) => ['--receipts', file(name), '--key', file('keys.json')];
    const jobs: Record<string, { args: string[]; env?: Record<string, string> }> = {
      victimAudit: { args: ['verify', GAME], env: storeEnv(victim) },
      truncatedAudit: { args: ['verify', GAME], env: storeEnv(truncated) },
      seedAudit: { args: ['verify', GAME], env: storeEnv(seed) },
      intactRed: { args: ['verify', GAME, ...receiptsOf('red.jsonl')], env: storeEnv(original) },
      intactBlue: { args: ['verify', GAME, ...receiptsOf('blue.jsonl'), '--json'], env: storeEnv(original) },
      victimRed: { args: ['verify', GAME, ...receiptsOf('red.jsonl')], env: storeEnv(victim) },
      victimBlue: { args: ['verify', GAME, ...receiptsOf('blue.jsonl')], env: storeEnv(victim) },
      truncatedRed: { args: ['verify', GAME, ...receiptsOf('red.jsonl')], env: storeEnv(truncated) },
      seedBlue: { args: ['verify', GAME, ...receiptsOf('blue.jsonl')], env: storeEnv(seed) },
      renamedBlue: { args: ['verify', GAME, ...receiptsOf('blue.jsonl')], env: storeEnv(renamed) },
      secretRed: { args: ['verify', GAME, ...receiptsOf('red.jsonl')], env: storeEnv(secret) },
      defaultKeys: { args: ['verify', GAME, '--receipts', file('red.jsonl')], env: storeEnv(original) },
      notJson: { args: ['verify', GAME, ...receiptsOf('not-json.jsonl')], env: storeEnv(original) },
      noReceipt: { args: ['verify', GAME, ...receiptsOf('empty.jsonl')], env: storeEnv(original) },
      signatures: { args: ['verify-receipt', file('red.jsonl'), '--key', file('key.pem')] },
      head: { args: ['verify-receipt', file('head.json'), '--key', file('keys.json')] },
      flipped: { args: ['verify-receipt', file('flipped.jsonl'), '--key', file('keys.json')] },
      noKey: { args: ['verify-receipt', file('red.jsonl')] },
      replayRed: { args: ['replay', GAME, '--receipts', '--as', 'red'], env: storeEnv(original) },
      replayBlue: { args: ['replay', GAME, '--receipts', '--as', 'blue'], env: storeEnv(original) },
      replayOrganiser: { args: ['replay', GAME, '--receipts'], env: storeEnv(original) },
      replayNoKey: { args: ['replay', GAME, '--receipts'], env: storeEnv(file('elsewhere/copy.db')) },
      replayUnkeyedRed: { args: ['replay', GAME, '--receipts', '--as', 'red'], env: storeEnv(unkeyed) },
      replayUnkeyedOrganiser: { args: ['replay', GAME, '--receipts'], env: storeEnv(unkeyed) },
    };
    const entries = await Promise.all(
      Object.entries(jobs).map(async ([name, job]) => [name, await runSanctum(job.args, { env: job.env })] as const),
    );
    for (const [name, run] of entries) runs[name] = run;
  }, 240_000);
  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  const failedReceipt = (run: CliRun) =>
    /verdict: NOT VERIFIED: the receipt at (\S+) line (\d+) \(revision (\d+), command (\S+)\)/.exec(run.stdout);

  it('the untouched store holds every receipt of either player', () => {
    expect(runs.intactRed).toMatchObject({ exitCode: 0, stderr: '' });
    expect(runs.intactRed.stdout).toMatch(/receipts: +\d+, signatures checked against /);
    expect(runs.intactRed.stdout).toMatch(/verdict: VERIFIED: .*, and the game holds every receipt\n$/);
    expect(runs.intactRed.stdout).not.toMatch(/DOES NOT HOLD/);
    expect(runs.intactBlue.exitCode).toBe(0);
    const report = JSON.parse(runs.intactBlue.stdout);
    expect(report.receipts.map((verdict: { holds: boolean }) => verdict.holds)).toEqual(
      Array(kept.blue.length + publicReceipts.length).fill(true),
    );
    // Without --key: the keys of the service configured here (the secrets file next to the store).
    expect(runs.defaultKeys.exitCode).toBe(0);
  });

  it('every forgery, re-derived and re-chained, passes the audit alone: the attack is real', () => {
    for (const run of [runs.victimAudit, runs.truncatedAudit, runs.seedAudit]) {
      expect(run).toMatchObject({ exitCode: 0 });
      expect(run.stdout).toMatch(/verdict: VERIFIED/);
    }
  });

  it('red’s turn-1 attack on another victim: caught at red’s receipt for that very order (and at blue’s next one)', () => {
    const attack = stored.find((event) => event.metadata.commandId === 'turn-1/red/1') as GameEventLine;
    expect(runs.victimRed.exitCode).toBe(3);
    expect(failedReceipt(runs.victimRed)?.slice(2)).toEqual([
      String(lineOf('red.jsonl', 'turn-1/red/1')),
      String(kept.red.find((r) => r.commandId === 'turn-1/red/1')?.revision),
      'turn-1/red/1',
    ]);
    expect(runs.victimRed.stdout).toMatch(/has hash [0-9a-f]{64}, the receipt [0-9a-f]{64}: the game was rewritten/);
    // Receipts before the edit still hold.
    expect(runs.victimRed.stdout).toMatch(/command setup\): holds/);
    expect(runs.victimRed.stdout).toMatch(/command turn-1\/red\/0\): holds/);
    expect(attack.revision).toBeLessThan(Number(failedReceipt(runs.victimRed)?.[3]) + 1);
    expect(runs.victimBlue.exitCode).toBe(3);
    expect(failedReceipt(runs.victimBlue)?.[4]).toBe('turn-1/blue/0');
  });

  it('the last command deleted: caught at its receipt, missing from the store', () => {
    expect(runs.truncatedRed.exitCode).toBe(3);
    expect(failedReceipt(runs.truncatedRed)?.[4]).toBe('turn-2/red/0');
    expect(runs.truncatedRed.stdout).toMatch(/the stored game ends at revision \d+: revision \d+ is missing/);
  });

  it('GameCreated.seed edited: caught at the set-up’s receipt, the first of all', () => {
    expect(runs.seedBlue.exitCode).toBe(3);
    expect(failedReceipt(runs.seedBlue)?.slice(2)).toEqual(['1', String(kept.organiser[0].revision), 'setup']);
  });

  it('a command id renamed: caught at that command’s receipt', () => {
    expect(runs.renamedBlue.exitCode).toBe(3);
    expect(failedReceipt(runs.renamedBlue)?.[4]).toBe('turn-1/blue/0');
    expect(runs.renamedBlue.stdout).toMatch(/blue\.jsonl line 1 \(revision \d+, command setup\): holds/);
  });

  it('the game chained again under another secret: caught at the first receipt', () => {
    expect(runs.secretRed.exitCode).toBe(3);
    expect(failedReceipt(runs.secretRed)?.slice(2, 3)).toEqual(['1']);
  });

  it('verify-receipt checks signatures offline against a PEM key or the keys document', () => {
    expect(runs.signatures).toMatchObject({ exitCode: 0, stderr: '' });
    expect(runs.signatures.stdout.match(/signature valid \(key [A-Za-z0-9_-]{16}\)/g)).toHaveLength(
      kept.red.length + publicReceipts.length,
    );
    expect(runs.head.stdout).toMatch(/game head of game disputed at revision \d+: signature valid/);
    expect(runs.head.exitCode).toBe(0);
  });

  it('a receipt with one flipped bit fails verify-receipt, naming it', () => {
    expect(runs.flipped.exitCode).toBe(3);
    expect(runs.flipped.stdout).toMatch(/flipped\.jsonl line 1: receipt .*: signature valid/);
    expect(runs.flipped.stdout).toMatch(
      /verdict: NOT VALID: the first that does not verify is \S+flipped\.jsonl line 2/,
    );
  });

  it('bad input exits 2 naming the line or the option', () => {
    expect(runs.notJson.exitCode).toBe(2);
    expect(runs.notJson.stderr).toMatch(/not-json\.jsonl line 2: not valid JSON/);
    expect(runs.noKey.exitCode).toBe(2);
    expect(runs.noKey.stderr).toMatch(/--key/);
    expect(runs.noReceipt.exitCode).toBe(2);
    expect(runs.noReceipt.stderr).toMatch(/empty\.jsonl: no receipts in the file/);
  });

  it('sanctum replay --receipts shows a viewer the receipts it may see, as the service answered them', () => {
    const receiptsIn = (run: CliRun) =>
      run.stdout
        .split('\n')
        .filter((line) => /^ +receipt \{/.test(line))
        .map((line) => JSON.parse(line.slice(line.indexOf('{'))) as Receipt);
    const byRevision = (a: Receipt, b: Receipt) => a.revision - b.revision;
    expect(runs.replayRed.exitCode).toBe(0);
    expect(receiptsIn(runs.replayRed)).toEqual([...kept.red, ...publicReceipts].sort(byRevision));
    expect(receiptsIn(runs.replayBlue)).toEqual([...kept.blue, ...publicReceipts].sort(byRevision));
    expect(receiptsIn(runs.replayOrganiser)).toEqual(
      [...kept.organiser, ...kept.red, ...kept.blue, ...publicReceipts.slice(1)].sort(byRevision),
    );
    // Blue's view: red's pending turn-2 order is hidden, in the events and in the state.
    const redOrder = stored.find((event) => event.metadata.commandId === 'turn-2/red/0') as GameEventLine;
    expect(runs.replayBlue.stdout).toMatch(new RegExp(`^ *${redOrder.revision}  .*something hidden`, 'm'));
    expect(runs.replayRed.stdout).not.toMatch(new RegExp(`^ *${redOrder.revision}  .*something hidden`, 'm'));
    // A copy of the store without the secrets file next to it: no key to sign with, said so.
    expect(runs.replayNoKey.exitCode).toBe(2);
    expect(runs.replayNoKey.stderr).toMatch(/no receipt signing key here: set RECEIPT_SIGNING_KEY/);
    // A game recorded before chain secrets: its hashes would tell hidden orders, so receipts are the organiser's.
    expect(runs.replayUnkeyedRed.exitCode).toBe(0);
    expect(receiptsIn(runs.replayUnkeyedRed)).toEqual([]);
    expect(receiptsIn(runs.replayUnkeyedOrganiser).map((receipt) => receipt.commandId)).toEqual(
      receiptsIn(runs.replayOrganiser).map((receipt) => receipt.commandId),
    );
  });

  it('fetches the keys from the service’s URL; after a rotation, every old receipt still verifies', async () => {
    const rotate = await runSanctum(['rotate-receipt-key'], { env: storeEnv(original) });
    expect(rotate).toMatchObject({ exitCode: 0 });
    expect(rotate.stdout).toMatch(/new key [A-Za-z0-9_-]{16}, retired [A-Za-z0-9_-]{16} \(still listed\)/);
    api = await startApi(original, { gcScheduler: false });
    fs.writeFileSync(file('new-head.json'), JSON.stringify((await api.as().get(`/games/${GAME}/head`)).body));
    const url = `${api.url}/.well-known/sanctum-keys`;
    const [old, fresh] = await Promise.all([
      runSanctum(['verify-receipt', file('red.jsonl'), '--key', url]),
      runSanctum(['verify-receipt', file('new-head.json'), '--key', url]),
    ]);
    expect(old).toMatchObject({ exitCode: 0 });
    expect(fresh).toMatchObject({ exitCode: 0 });
    const stale = await runSanctum(['verify-receipt', file('new-head.json'), '--key', file('keys.json')]);
    expect(stale.exitCode).toBe(3);
    expect(stale.stdout).toMatch(/is not one of the listed keys/);
  }, 60_000);
});
