import { InvalidArgumentError } from 'commander';
import { Command, CommandRunner, Option } from 'nest-commander';
import { initialState } from '@app/rules';
import type { GameState } from '@app/rules';
import type { GameEventLine, Receipt } from '@app/verifier';
import { foldEvent } from '@app/games/loading/game-state.projection';
import type { StoredGameEvent } from '@app/games/recording/stored-game-event';
import { EventRedactor } from '@app/games/viewers/event-redactor';
import { viewState } from '@app/games/viewers/state-redactor';
import { ORGANISER, SPECTATOR, type Viewer, playerViewer } from '@app/games/viewers/viewer';
import { configuredKeyRing } from '../receipts/signing-keys.source';
import { noteReceipts } from './replay-receipts';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { isGameId } from '../game-id';
import { writeLines } from '../output';
import { ScenarioFileReader } from '../scenario-file.reader';
import { openConfiguredStore } from '../transfer/configured-store';
import { runStoreTask } from '../transfer/run-store-task';
import { EventFileSource } from './event-file.source';
import { replayLine, revisionWidth } from './replay-line.format';
import {
  checkReached,
  parseCount,
  reachesStart,
  replayRange,
  withinPoint,
  type ReplayPoint,
  type ReplayStart,
} from './replay-point';
import type { ReplaySource } from './replay-source';
import { ScenarioSource } from './scenario.source';
import { stateLines } from './state-lines.format';
import { STEP_HELP, StepKeys } from './step-keys';
import { StepSession, type StepSessionIo } from './step-session';
import { StoreGameSource } from './store-game.source';
import { styleFor } from './terminal-style';
import { requiredArgument } from '../required-argument';

export interface ReplayOptions {
  from?: number;
  to?: number;
  turn?: number;
  step?: boolean;
  receipts?: boolean;
  as?: Viewer;
}

const VIEWERS: Record<string, Viewer> = {
  organiser: ORGANISER,
  red: playerViewer('red'),
  blue: playerViewer('blue'),
  public: SPECTATOR,
  // The API and the page call the view of no token `public`; `spectator` is taken too.
  spectator: SPECTATOR,
};

/**
 * The events, unchanged (the state is their fold), noting in `viewed` each one as the viewer may see it (the
 * service's own rules, see EventRedactor, which must see every event in order: a step session may show one twice).
 */
async function* noteViews(
  viewer: Viewer,
  events: AsyncIterable<StoredGameEvent>,
  viewed: Map<number, GameEventLine>,
): AsyncGenerator<StoredGameEvent> {
  const redactor = new EventRedactor(viewer, initialState());
  for await (const event of events) {
    viewed.set(event.revision, redactor.view(event));
    yield event;
  }
}

/** Lines are handed to stdout in batches: fast for a long game, and memory stays flat. */
const BATCH = 1000;

/** The events of the replay: from revision 0 up to the point, then nothing (the rest is never read). */
async function* upTo(point: ReplayPoint, events: AsyncIterable<StoredGameEvent>): AsyncGenerator<StoredGameEvent> {
  for await (const event of events) {
    if (!withinPoint(point, event)) return;
    yield event;
  }
}

/**
 * `sanctum replay GAME|FILE [--from REVISION] [--to REVISION | --turn N] [--step] [--as VIEWER] [--receipts]`: a
 * recorded game in words, one line per event (`rev  T1 spellExecution  D4  D4  b-archer takes 3 damage (3 → 0 HP)`),
 * from the chosen start (`--from` revision, the first event of turn N, or revision 0) up to the chosen point (`--to`
 * revision inclusive, the end of turn N, or the end), then the state there: players, groups and minions,
 * structures, active spells on their hosts, the turn's orders. The events before the start are folded into the
 * state without a line each, so turn 700 of a long game prints that turn, not the 700 before it. `--as` shows
 * what that viewer sees; `--receipts` adds each command's signed receipt that viewer may see.
 *
 * GAME is a game id in the configured store (EVENT_STORE, SQLITE_PATH, ESDB_CONNECTION_STRING); FILE a `.jsonl`
 * of event lines (`sanctum export`, `sanctum simulate`) or a `.json` scenario file, simulated first.
 */
@Command({
  name: 'replay',
  arguments: '<game-or-file>',
  description: 'print a game as readable lines, one per event, and the state at a chosen point',
  argsDescription: {
    'game-or-file': 'a game id in the configured store, a .jsonl of event lines, or a .scenario.json file',
  },
})
export class ReplayCommand extends CommandRunner {
  constructor(private readonly reader: ScenarioFileReader) {
    super();
  }

  @Option({
    flags: '--from <revision>',
    description: 'start showing events at this revision (the ones before are folded)',
  })
  parseFrom(value: string): number {
    return parseCount(value);
  }

  @Option({ flags: '--to <revision>', description: 'stop right after this revision' })
  parseTo(value: string): number {
    return parseCount(value);
  }

  @Option({ flags: '--turn <n>', description: 'turn n only: from its first event to its end (0 is the set-up)' })
  parseTurn(value: string): number {
    return parseCount(value);
  }

  @Option({
    flags: '--receipts',
    description:
      'after each command the viewer may see, its signed receipt as the service answers it (needs the service’s key: ' +
      'RECEIPT_SIGNING_KEY, or its secrets file next to the store)',
  })
  parseReceipts(): boolean {
    return true;
  }

  @Option({
    flags: '--as <viewer>',
    description:
      'show the game as organiser (default), red, blue or public (no token) see it: events, state and receipts',
  })
  parseAs(value: string): Viewer {
    const viewer = VIEWERS[value];
    if (viewer === undefined) throw new InvalidArgumentError('must be organiser, red, blue or public');
    return viewer;
  }

  @Option({
    flags: '--step',
    description:
      'one event at a time: Enter/n next, b back, t next turn, p turn start, g N go to revision N, s state, q quit ' +
      '(piped input: one command a line)',
  })
  parseStep(): boolean {
    return true;
  }

  async run(args: string[], options: ReplayOptions = {}): Promise<void> {
    const target = requiredArgument(args, 'game-or-file');
    await runStoreTask(() => this.replay(target, options));
  }

  private async replay(target: string, options: ReplayOptions): Promise<number> {
    const range = replayRange(options);
    const source = await this.open(target);
    try {
      const last = checkReached(range, await source.last(), source.name);
      const width = revisionWidth(last.revision);
      const style = styleFor(process.stdout);
      const viewer = options.as ?? ORGANISER;
      const receipts = new Map<number, Receipt>();
      const viewed = new Map<number, GameEventLine>();
      const line = (event: GameEventLine): string => {
        const text = replayLine(viewed.get(event.revision) ?? event, width, style);
        const receipt = receipts.get(event.revision);
        return receipt === undefined
          ? text
          : `${text}\n${style.dim(`${' '.repeat(width)}  receipt ${JSON.stringify(receipt)}`)}`;
      };
      // The fold is the engine's (of every event); what is shown of it is the viewer's.
      const state = (game: GameState): string[] => stateLines(viewState(game, viewer) as unknown as GameState, style);
      const keyRing = options.receipts ? await configuredKeyRing() : undefined;
      // Every reading starts at revision 0 (a step session going back reads again): views and receipts follow it.
      const open = (): AsyncGenerator<StoredGameEvent> => {
        const stored = keyRing ? noteReceipts(source.events(), keyRing, viewer, receipts) : source.events();
        return upTo(range.point, viewer.role === 'organiser' ? stored : noteViews(viewer, stored, viewed));
      };
      if (options.step) {
        const lastRevision = 'revision' in range.point ? range.point.revision : last.revision;
        await this.step({ open, start: range.start, lastRevision }, line, state);
      } else {
        await this.printRange(range.start, open(), line, state);
      }
      return EXIT.ok;
    } finally {
      await source.close();
    }
  }

  private async step(
    game: Pick<StepSessionIo, 'open' | 'start' | 'lastRevision'>,
    line: (event: GameEventLine) => string,
    state: (game: GameState) => string[],
  ): Promise<void> {
    const keys = new StepKeys();
    const hint = (text: string): void => void process.stderr.write(`${text}\n`);
    if (process.stdin.isTTY) hint(STEP_HELP);
    try {
      await new StepSession({ ...game, keys, line, state, hint }).run();
    } finally {
      keys.close();
    }
  }

  /** GAME (an id: no dots or slashes), `*.jsonl`, or `*.json`. */
  private async open(target: string): Promise<ReplaySource> {
    if (isGameId(target)) return new StoreGameSource(target, await openConfiguredStore());
    if (/\.jsonl$/i.test(target)) return new EventFileSource(target);
    if (/\.json$/i.test(target)) return new ScenarioSource(target, this.reader);
    throw new CliFailure(
      EXIT.invalidInput,
      `${target}: not a game id (letters, digits, _ and -, starting with a letter), a .jsonl file or a .json scenario`,
    );
  }

  private async printRange(
    start: ReplayStart,
    events: AsyncGenerator<StoredGameEvent>,
    line: (event: GameEventLine) => string,
    state: (game: GameState) => string[],
  ): Promise<void> {
    const game = initialState();
    let shown = false;
    let batch: string[] = [];
    try {
      for await (const event of events) {
        // Each event is folded once and never used again: no copy needed.
        foldEvent(game, event);
        shown ||= reachesStart(start, event);
        if (!shown) continue;
        batch.push(line(event));
        if (batch.length >= BATCH) {
          await writeLines(process.stdout, batch);
          batch = [];
        }
      }
    } finally {
      await events.return(undefined);
    }
    await writeLines(process.stdout, [...batch, ...state(game)]);
  }
}
