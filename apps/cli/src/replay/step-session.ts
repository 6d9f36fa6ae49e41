import { evolve, fold, initialState } from '@app/rules';
import type { DomainEvent, GameState } from '@app/rules';
import type { GameEventLine } from '@app/games/recording/game-event-line';
import { writeLines } from '../output';
import { STEP_HELP, type StepKeys } from './step-keys';

/** How a session shows things (the replay's own formatting) and where it reads the game from. */
export interface StepSessionIo {
  events: AsyncIterator<GameEventLine>;
  keys: StepKeys;
  /** One event as a replay line. */
  line(event: GameEventLine): string;
  /** The state lines printed after the replay. */
  state(state: GameState): string[];
  /** Messages for the person at the keyboard (stderr): help, "already at the first event"… */
  hint(text: string): void;
}

/** `evolve` may keep parts of an event in the state it changes later: the session folds copies, keeping the originals. */
function copy(event: GameEventLine): DomainEvent {
  return structuredClone(event) as unknown as DomainEvent;
}

/**
 * `replay --step`: one event at a time from revision 0; `next` shows the next one, `back` the previous one,
 * `state` the state right after the current one, `quit` stops. Going past the last event prints the final
 * state and ends the session; so does the end of the input, after printing the events not yet shown, so that
 * `--step` with nothing to read prints the whole replay.
 *
 * Events are pulled from the game only as the person moves forward, and kept (for `back`) only once shown.
 */
export class StepSession {
  private readonly seen: GameEventLine[] = [];
  private cursor = -1;
  private state: GameState = initialState();

  constructor(private readonly io: StepSessionIo) {}

  async run(): Promise<void> {
    if (!(await this.forward())) return;
    for (;;) {
      const key = await this.io.keys.next();
      switch (key) {
        case null:
          while (await this.forward());
          return this.print(this.io.state(this.state));
        case 'next':
          if (!(await this.forward())) {
            this.io.hint('end of the replay');
            return this.print(this.io.state(this.state));
          }
          break;
        case 'back':
          await this.back();
          break;
        case 'state':
          await this.print(this.io.state(this.state));
          break;
        case 'quit':
          return;
        default:
          this.io.hint(STEP_HELP);
      }
    }
  }

  /** Shows the next event, pulling it from the game if it has not been seen; false at the end. */
  private async forward(): Promise<boolean> {
    if (this.cursor + 1 >= this.seen.length) {
      const next = await this.io.events.next();
      if (next.done) return false;
      this.seen.push(next.value);
    }
    this.cursor += 1;
    evolve(this.state, copy(this.seen[this.cursor]));
    await this.print([this.io.line(this.seen[this.cursor])]);
    return true;
  }

  /** Shows the previous event; the state is folded again up to it (human-sized: only events already seen). */
  private async back(): Promise<void> {
    if (this.cursor <= 0) return this.io.hint('already at the first event');
    this.cursor -= 1;
    this.state = fold(this.seen.slice(0, this.cursor + 1).map(copy));
    await this.print([this.io.line(this.seen[this.cursor])]);
  }

  private print(lines: string[]): Promise<void> {
    return writeLines(process.stdout, lines);
  }
}
