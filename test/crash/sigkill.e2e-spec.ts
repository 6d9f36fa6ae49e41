/**
 * Issue #5, crash safety: the API runs as its own process on a SQLite file while many clients play games through
 * it; it is killed with SIGKILL at random moments (no shutdown hook runs), restarted on the same file, and played
 * on. With a last instance running, the stored games must show that:
 *
 * (a) every acknowledged command (a 2xx answer) is in its game's stream, under its Idempotency-Key, and the answer
 *     matches what was recorded;
 * (b) no command is half-recorded: a command's events are contiguous, and a turn that started executing
 *     (SpellExecutionPhaseStarted) ends in the same command with its TurnEnded and GarbageCollectionScheduled;
 * (c) every scheduled garbage collection is carried out exactly once (by the scheduler, also across the kills);
 * (d) every game audits clean (hash chain intact, re-simulation identical), its state over HTTP is the fold of its
 *     events, and its board is sound.
 *
 * A command that got no answer (the service died under it) is sent again with the same Idempotency-Key once the
 * service is back, as a client would: whether its first attempt was recorded or not, it must be recorded once and
 * answered with its first result. One that is never answered may or may not be in the stream; if it is, (b) and
 * (d) hold for it too. CRASH_SEED=<n> varies the kill moments and the clients' choices (the timing itself varies
 * from run to run anyway); CRASH_VERBOSE=1 prints what the run did.
 *
 * Why it is slow: the service runs as its own process, killed and started again three to five times while ten
 * games are played; each start is a real one, and every game is then read, folded and audited.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GameEventLine } from '@app/games';
import { playerToken } from '@app/games';
import type { Scenario } from '@app/rules';
import { REPO_ROOT } from '../support/repo-root';
import { boardProblems, foldEvents, sameJson } from '../fuzz/support/board-invariants.check';
import { ApiProcess } from './support/api.child-process';
import { seededRandom } from '@app/rules/testing';
import { type SentCommand, type ServiceHandle, playUntilStopped } from './support/game-driver.client';

const SEED = process.env.CRASH_SEED === undefined ? 8_675_309 : Number(process.env.CRASH_SEED);
const ORGANISER_TOKEN = 'crash-organiser-token-0123456789';
const SERVER_SECRET = 'crash-server-secret-0123456789abcdef';
const GAMES = 10;
const COLLECTOR = 'collect-garbage/';
/** The event a command of the clients records first (and once): an order, or a confirmation. */
const INPUT_TYPES = ['SpellTargeted', 'AttackOrdered', 'CardDiscarded', 'OrdersConfirmed'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setupOf(file: string): Record<string, unknown> {
  const { turns: _turns, ...setup } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')) as Scenario;
  return setup as unknown as Record<string, unknown>;
}

/** Runs of equal commandId in a stream: a command's events, in order. */
function commandsOf(events: GameEventLine[]): { commandId: string; events: GameEventLine[] }[] {
  const runs: { commandId: string; events: GameEventLine[] }[] = [];
  for (const event of events) {
    const commandId = String(event.metadata.commandId);
    const last = runs[runs.length - 1];
    if (last?.commandId === commandId) last.events.push(event);
    else runs.push({ commandId, events: [event] });
  }
  return runs;
}

describe('SIGKILL at random moments while clients play (e2e, API child process, SQLite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-crash-'));
  const sqlitePath = path.join(dir, 'crash.db');
  const random = seededRandom(SEED);
  const service: ServiceHandle = { port: null, generation: 0 };
  let api: ApiProcess | undefined;
  const exits: string[] = [];

  const start = async () => {
    api = ApiProcess.start({ sqlitePath, organiserToken: ORGANISER_TOKEN, serverSecret: SERVER_SECRET });
    service.port = await api.ready();
    service.generation += 1;
  };

  const organiser = async <T>(pathName: string, init: RequestInit = {}): Promise<{ status: number; body: T }> => {
    const response = await fetch(`http://127.0.0.1:${service.port}${pathName}`, {
      ...init,
      headers: { Authorization: `Bearer ${ORGANISER_TOKEN}`, 'Content-Type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  afterAll(async () => {
    // Never leave a service running, whatever happened.
    await api?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged command, records whole turns only, collects garbage once, and audits clean', async () => {
    await start();
    const gameIds = Array.from({ length: GAMES }, (_, i) => `crash-${i}`);
    const setups = [
      'examples/bolt-and-blade.scenario.json',
      'test/scenarios/fixtures/t3-attacks-on-or-by-the-dead-fizzle.scenario.json',
    ].map(setupOf);
    for (const [i, gameId] of gameIds.entries()) {
      const created = await organiser<{ playerTokens?: Record<string, string> }>('/games', {
        method: 'POST',
        headers: { 'Idempotency-Key': `setup/${gameId}` },
        body: JSON.stringify({ ...setups[i % setups.length], gameId }),
      });
      expect(created.status).toBe(201);
    }

    // Two players per game, all at once: twenty clients.
    const sent: SentCommand[] = [];
    const oddities: string[] = [];
    let stop = false;
    const clients = gameIds.flatMap((gameId, g) =>
      (['red', 'blue'] as const).map((colour, c) =>
        playUntilStopped({
          service,
          gameId,
          colour,
          token: playerToken(SERVER_SECRET, gameId, colour),
          random: seededRandom(SEED + 97 * g + c),
          sent,
          stopped: () => stop,
          oddities,
        }),
      ),
    );

    // 3 to 5 kills, each after a random stretch of play; a restart on the same file right after each.
    const kills = 3 + Math.floor(random() * 3);
    try {
      for (let k = 0; k < kills; k += 1) {
        await sleep(700 + random() * 2_000);
        const dying = api!;
        service.port = null;
        const exit = await dying.kill('SIGKILL');
        exits.push(`${exit.signal ?? exit.code}`);
        await start();
      }
      await sleep(1_500);
    } finally {
      // The clients stop whatever happened (a restart that fails must not leave them looping).
      stop = true;
      await Promise.all(clients);
    }
    expect(exits).toEqual(Array(kills).fill('SIGKILL'));

    // The last instance carries out whatever collection is still pending (it read them at its start).
    const streams = new Map<string, GameEventLine[]>();
    const deadline = Date.now() + 30_000;
    for (const gameId of gameIds) {
      for (;;) {
        const { body } = await organiser<{ events: GameEventLine[] }>(`/games/${gameId}/events`);
        const scheduled = body.events.filter((event) => event.type === 'GarbageCollectionScheduled').length;
        const collected = body.events.filter((event) => event.type === 'GarbageCollected').length;
        if (collected >= scheduled || Date.now() > deadline) {
          streams.set(gameId, body.events);
          break;
        }
        await sleep(50);
      }
    }

    const problems: string[] = [];
    const acknowledged = sent.filter((command) => command.status !== null && command.status < 300);
    const unanswered = sent.filter(
      (command) => command.status === null && command.error !== 'not sent: the service is down',
    );

    // (a) Every acknowledged command is stored under its key, and its answer matches what was stored.
    for (const command of acknowledged) {
      const events = streams.get(command.gameId)!.filter((event) => event.metadata.commandId === command.key);
      if (events.length === 0) {
        problems.push(`(a) acknowledged ${command.kind} ${command.key} (${command.status}) is not in the stream`);
        continue;
      }
      // Sent again after a kill or not, a command is recorded once.
      const inputs = events.filter((event) => INPUT_TYPES.includes(event.type)).length;
      if (inputs !== 1) problems.push(`(a) ${command.key} (sent ${command.attempts}×) is recorded ${inputs} times`);
      const revision = command.answer?.revision;
      if (revision !== undefined && revision !== events[events.length - 1].revision && command.attempts > 1) {
        // docs/api.md: "a retried request with the same key … answers with the first result".
        problems.push(
          `(a) ${command.key}, sent again after a kill, answered revision ${String(revision)}: not its first ` +
            `result (its last event is ${events[events.length - 1].revision})`,
        );
      } else if (revision !== undefined && revision !== events[events.length - 1].revision) {
        problems.push(
          `(a) ${command.key} answered revision ${String(revision)}, its last event is ${events[events.length - 1].revision}`,
        );
      }
      if (command.kind === 'order' && command.answer?.orderId !== undefined) {
        const orderId = (events[0].data as { orderId?: unknown }).orderId;
        if (orderId !== command.answer.orderId)
          problems.push(`(a) ${command.key} answered ${String(command.answer.orderId)}, recorded ${String(orderId)}`);
      }
      if (command.kind === 'confirm' && command.answer?.executed !== undefined) {
        const executed = events.some((event) => event.type === 'SpellExecutionPhaseStarted');
        if (executed !== command.answer.executed)
          problems.push(
            `(a) ${command.key} answered executed=${String(command.answer.executed)}, recorded ${executed}`,
          );
      }
    }

    for (const [gameId, events] of streams) {
      const runs = commandsOf(events);
      // (b) A command's events are one contiguous run (keys are never reused here)...
      const seen = new Set<string>();
      for (const run of runs) {
        if (seen.has(run.commandId))
          problems.push(`(b) ${gameId}: command ${run.commandId} is split around other events`);
        seen.add(run.commandId);
      }
      // ...and a turn that started executing finished in the same command.
      for (const run of runs) {
        const started = run.events.findIndex((event) => event.type === 'SpellExecutionPhaseStarted');
        if (started < 0) continue;
        const turn = Number(run.events[started].metadata.turn);
        const [ended, scheduled] = run.events.slice(-2);
        const whole =
          run.events[0].type === 'OrdersConfirmed' &&
          ended?.type === 'TurnEnded' &&
          (ended.data as { turn: number }).turn === turn &&
          scheduled?.type === 'GarbageCollectionScheduled' &&
          (scheduled.data as { turn: number }).turn === turn;
        if (!whole) {
          problems.push(
            `(b) ${gameId}: turn ${turn} of ${run.commandId} is half-recorded: ${run.events.map((event) => event.type).join(', ')}`,
          );
        }
      }
      // (c) Every scheduled collection carried out exactly once, by the scheduler, as a whole command.
      const byTurn = (type: string) => {
        const counts = new Map<number, number>();
        for (const event of events) {
          if (event.type === type) {
            const turn = (event.data as { turn: number }).turn;
            counts.set(turn, (counts.get(turn) ?? 0) + 1);
          }
        }
        return counts;
      };
      const scheduled = byTurn('GarbageCollectionScheduled');
      const collected = byTurn('GarbageCollected');
      for (const turn of new Set([...scheduled.keys(), ...collected.keys()])) {
        if (scheduled.get(turn) !== 1 || collected.get(turn) !== 1) {
          problems.push(
            `(c) ${gameId} turn ${turn}: scheduled ${scheduled.get(turn) ?? 0}×, collected ${collected.get(turn) ?? 0}×`,
          );
        }
      }
      for (const run of runs.filter((candidate) => candidate.commandId.startsWith(COLLECTOR))) {
        const types = run.events.map((event) => event.type);
        if (types[0] !== 'GarbageCollected' || types[types.length - 1] !== 'OrdersPhaseStarted') {
          problems.push(`(c) ${gameId}: collection ${run.commandId} is half-recorded: ${types.join(', ')}`);
        }
      }
      // (d) The audit verifies; the state is the fold of the events; the board is sound.
      const audit = await organiser<{ chain?: { intact: boolean }; resimulation?: { identical: boolean } }>(
        `/games/${gameId}/audit`,
      );
      if (audit.status !== 200 || !audit.body.chain?.intact || !audit.body.resimulation?.identical) {
        problems.push(`(d) ${gameId}: audit ${audit.status} ${JSON.stringify(audit.body).slice(0, 1_500)}`);
      }
      const state = await organiser<{ revision: number; state: unknown }>(`/games/${gameId}/state`);
      const folded = foldEvents(events);
      if (state.body.revision !== events[events.length - 1].revision || !sameJson(state.body.state, folded)) {
        problems.push(
          `(d) ${gameId}: GET /state (revision ${state.body.revision}) is not the fold of its ${events.length} events`,
        );
      }
      problems.push(...boardProblems(folded).map((problem) => `(d) ${gameId}: ${problem}`));
    }

    // The kills must have landed in the middle of things, or the test proves little.
    const turns = [...streams.values()].reduce(
      (sum, events) => sum + events.filter((event) => event.type === 'TurnEnded').length,
      0,
    );
    if (process.env.CRASH_VERBOSE) {
      const inStream = unanswered.filter((command) =>
        streams.get(command.gameId)!.some((event) => event.metadata.commandId === command.key),
      ).length;
      process.stdout.write(
        `crash: seed ${SEED}, ${kills} kills, ${sent.length} commands sent, ${acknowledged.length} acknowledged, ` +
          `${unanswered.length} unanswered (${inStream} of them recorded), ` +
          `${sent.filter((command) => command.attempts > 1).length} sent again, ${turns} turns executed\n`,
      );
    }
    expect(turns).toBeGreaterThan(GAMES);
    expect(acknowledged.length).toBeGreaterThan(100);
    expect(oddities).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);
});
