import { initialState } from '@app/rules';
import type { GameState } from '@app/rules';
import { foldEvent } from '@app/games/loading/game-state.projection';
import type { StoredGameEvent } from '@app/games/recording/stored-game-event';
import { writeLines } from '../output';
import { reachesStart, turnOf, type ReplayStart } from './replay-point';
import { STEP_HELP, type StepKey, type StepKeys } from './step-keys';

/** How a session shows things (the replay's own formatting) and where it reads the game from. */
export interface StepSessionIo {
  /** The game's events from revision 0 up to the replay's end, afresh at each call (going back before the start). */
  open(): AsyncIterator<StoredGameEvent>;
  /** Where the session starts: the events before it are folded, not shown. */
  start: ReplayStart;
  /** The last revision there can be in the replay: a `g` beyond it is refused. */
  lastRevision: number;
  keys: StepKeys;
  /** One event as a replay line. */
  line(event: StoredGameEvent): string;
  /** The state lines printed after the replay. */
  state(state: GameState): string[];
  /** Messages for the person at the keyboard (stderr): help, "already at the first event"… */
  hint(text: string): void;
}

/** The fold may keep parts of an event in the state it changes later: events the session keeps are folded as copies. */
function copy(event: StoredGameEvent): StoredGameEvent {
  return structuredClone(event);
}

/**
 * `replay --step`: one event at a time from the start (revision 0, `--from`, or the first event of `--turn`);
 * `next` shows the next event, `back` the previous one, `next-turn` the first event of the next turn, `turn-start`
 * the first of this turn (or of the one before, when already there), `goTo` any revision, `state` the state
 * right after the current event, `quit` stops. Going past the last event prints the final state and ends the
 * session; so does the end of the input, after printing the events not yet shown, so that `--step` with nothing
 * to read prints the whole replay.
 *
 * Events are pulled from the game only as the person moves forward; the ones skipped by a jump are folded and
 * dropped, so a jump to turn 700 of a long game costs one pass and no memory. The session keeps the events shown
 * since the last jump (for `back`) and the state before the first of them; going back before that reads the game
 * again from revision 0.
 */
export class StepSession {
  private events: AsyncIterator<StoredGameEvent>;
  /** The state before `shown[0]`. */
  private base: GameState = initialState();
  /** Events in a row from `shown[0].revision`, the current one at `cursor`. */
  private shown: StoredGameEvent[] = [];
  private cursor = -1;
  private state: GameState = initialState();
  /** The first revision of every turn read so far. */
  private readonly turnStarts = new Map<number, number>();

  constructor(private readonly io: StepSessionIo) {
    this.events = io.open();
  }

  async run(): Promise<void> {
    try {
      if (!(await this.advanceTo((event) => reachesStart(this.io.start, event)))) return;
      for (;;) {
        const key = await this.io.keys.next();
        if (key === null) {
          while (await this.advanceTo(() => true));
          return await this.print(this.io.state(this.state));
        }
        if (key === 'quit') return;
        if (!(await this.answer(key))) {
          this.io.hint('end of the replay');
          return await this.print(this.io.state(this.state));
        }
      }
    } finally {
      await this.events.return?.(undefined);
    }
  }

  /** Does what the key asks; false once it went past the last event. */
  private async answer(key: StepKey): Promise<boolean> {
    if (typeof key === 'object') return this.goTo(key.goTo);
    switch (key) {
      case 'next':
        return this.advanceTo(() => true);
      case 'back':
        if (this.current.revision === 0) this.io.hint('already at the first event');
        else await this.goTo(this.current.revision - 1);
        return true;
      case 'next-turn': {
        const turn = turnOf(this.current);
        return this.advanceTo((event) => turnOf(event) > turn);
      }
      case 'turn-start':
        await this.turnStart();
        return true;
      case 'state':
        await this.print(this.io.state(this.state));
        return true;
      default:
        this.io.hint(STEP_HELP);
        return true;
    }
  }

  private get current(): StoredGameEvent {
    const event = this.shown[this.cursor];
    // Asked for only once the session shows an event.
    if (event === undefined) throw new Error(`the step session shows no event (at ${this.cursor})`);
    return event;
  }

  /** The first event of the current turn, or of the turn before when the current event is that first one. */
  private async turnStart(): Promise<void> {
    const { revision } = this.current;
    const turn = turnOf(this.current);
    const start = this.turnStarts.get(turn) ?? 0;
    if (revision > start) return void (await this.goTo(start));
    const before = this.turnStarts.get(turn - 1);
    if (before === undefined) return this.io.hint('already in the first turn');
    await this.goTo(before);
  }

  private async goTo(revision: number): Promise<boolean> {
    if (revision > this.io.lastRevision) {
      this.io.hint(`revision ${revision}: the replay ends at revision ${this.io.lastRevision}`);
      return true;
    }
    const first = this.shown[0]?.revision ?? 0;
    if (revision > this.current.revision) return this.advanceTo((event) => event.revision >= revision);
    if (revision >= first) {
      this.cursor = revision - first;
      this.state = structuredClone(this.base);
      for (const event of this.shown.slice(0, this.cursor + 1)) foldEvent(this.state, copy(event));
      await this.print([this.io.line(this.current)]);
      return true;
    }
    await this.events.return?.(undefined);
    this.events = this.io.open();
    this.base = initialState();
    this.state = initialState();
    this.shown = [];
    this.cursor = -1;
    return this.advanceTo((event) => event.revision >= revision);
  }

  /**
   * Moves forward to the first event that matches and shows it; the events in between are folded unseen. False
   * when the replay ends first (the state is then the final one).
   */
  private async advanceTo(matches: (event: StoredGameEvent) => boolean): Promise<boolean> {
    while (this.cursor + 1 < this.shown.length) {
      this.cursor += 1;
      foldEvent(this.state, copy(this.current));
      if (matches(this.current)) return this.showCurrent();
    }
    for (;;) {
      const next = await this.events.next();
      if (next.done) return false;
      const event = next.value;
      const turn = turnOf(event);
      if (!this.turnStarts.has(turn)) this.turnStarts.set(turn, event.revision);
      if (matches(event)) {
        // Right after the shown events, they go on; after a jump, the kept events start again from here.
        if (this.shown.length === 0) this.base = structuredClone(this.state);
        this.shown.push(event);
        this.cursor = this.shown.length - 1;
        foldEvent(this.state, copy(event));
        return this.showCurrent();
      }
      // Folded and dropped: nothing else holds the event, so no copy is needed.
      foldEvent(this.state, event);
      this.shown = [];
      this.cursor = -1;
    }
  }

  private async showCurrent(): Promise<boolean> {
    await this.print([this.io.line(this.current)]);
    return true;
  }

  private print(lines: string[]): Promise<void> {
    return writeLines(process.stdout, lines);
  }
}
