import { gameStream } from '../src/game-stream';
import { GameNotFoundError } from '../src/games.errors';
import { GameTimelineService, type TimelineSegment } from '../src/time-travel/game-timeline.service';
import { GamesHarness, exampleScenario, playScenario, temporaryDirectory } from './games-testing';

describe('GameTimelineService: a game’s turns and phases as runs of revisions', () => {
  const dir = temporaryDirectory();
  let harness: GamesHarness;
  const timeline = (gameId: string) => harness.app.get(GameTimelineService).timeline(gameId);

  /** The runs, found the slow way: every event, one after the other. */
  async function expectedRuns(gameId: string): Promise<TimelineSegment[]> {
    const runs: TimelineSegment[] = [];
    for (const event of await harness.store.readStream(gameStream(gameId))) {
      const { turn, phase } = event.metadata as { turn: number; phase: TimelineSegment['phase'] };
      const last = runs[runs.length - 1];
      if (last?.turn === turn && last.phase === phase) last.to = event.revision;
      else runs.push({ turn, phase, from: event.revision, to: event.revision });
    }
    return runs;
  }

  beforeAll(async () => {
    harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: dir.path('timeline.db') } });
  });
  afterAll(async () => {
    await harness.close();
    dir.cleanup();
  });

  it('gives every run, each turn phase by phase, and covers the game to its last revision', async () => {
    await playScenario(harness, exampleScenario(), 'whole');
    const answer = await timeline('whole');
    const runs = await expectedRuns('whole');
    expect(answer.segments).toEqual(runs);
    expect(answer.revision).toBe(runs[runs.length - 1].to);
    expect(answer.segments[0]).toEqual({ turn: 0, phase: 'setup', from: 0, to: 0 });
    expect(answer.segments.map((run) => run.phase).slice(1, 7)).toEqual([
      'start',
      'orders',
      'spellExecution',
      'combat',
      'endOfTurn',
      'garbageCollection',
    ]);
  });

  it('follows a game that goes on: the runs read before are extended, never read again wrongly', async () => {
    const scenario = exampleScenario();
    const { turns } = scenario;
    await playScenario(harness, { ...scenario, turns: turns.slice(0, 1) }, 'growing');
    const early = await timeline('growing');
    expect(early.segments).toEqual(await expectedRuns('growing'));
    // The next turn's orders extend the run of the orders phase the first answer ended in.
    const orders = early.segments[early.segments.length - 1];
    await harness.commands.handle('growing', 'ConfirmOrders', { player: 'red' }, { commandId: 'turn-2/red/confirm' });
    const later = await timeline('growing');
    expect(later.segments).toEqual(await expectedRuns('growing'));
    expect(later.revision).toBe(early.revision + 1);
    // The first answer is the caller's own: it did not grow with the game.
    expect(early.segments[early.segments.length - 1]).toEqual(orders);
  });

  it('answers concurrent readers alike, and refuses an unknown game', async () => {
    const [a, b] = await Promise.all([timeline('whole'), timeline('whole')]);
    expect(a).toEqual(b);
    await expect(timeline('nowhere')).rejects.toBeInstanceOf(GameNotFoundError);
  });
});
