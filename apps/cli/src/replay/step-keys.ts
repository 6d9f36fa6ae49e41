import * as readline from 'node:readline';

/** What a person stepping through a replay asked for. */
export type StepKey = 'next' | 'back' | 'state' | 'quit' | 'help';

/** The commands of `--step`, one key on a terminal or one line of piped input (`n`, `b`, `s`, `q`, or empty). */
export function stepKeyOf(text: string): StepKey {
  switch (text.trim().toLowerCase()) {
    case '':
    case 'n':
    case 'next':
      return 'next';
    case 'b':
    case 'back':
      return 'back';
    case 's':
    case 'state':
      return 'state';
    case 'q':
    case 'quit':
      return 'quit';
    default:
      return 'help';
  }
}

export const STEP_HELP = '[Enter/n] next  [b] back  [s] state  [q] quit';

/**
 * The keys of a `--step` session, pulled one at a time. On a terminal each key press counts at once (raw mode;
 * Ctrl-C quits); otherwise stdin is read line by line, so a test or a script can drive a session by piping
 * `n\nb\ns\nq\n`. `next()` resolves null once the input has ended.
 */
export class StepKeys {
  private readonly queue: StepKey[] = [];
  private waiting: ((key: StepKey | null) => void) | null = null;
  private ended = false;
  private readonly lines: readline.Interface | null = null;
  private readonly onKeypress = (text: string | undefined, key: readline.Key | undefined): void => {
    if (key?.ctrl && (key.name === 'c' || key.name === 'd')) return this.push('quit');
    if (key?.name === 'return' || key?.name === 'enter' || key?.name === 'space') return this.push('next');
    if (key?.name === 'left') return this.push('back');
    if (key?.name === 'right') return this.push('next');
    this.push(stepKeyOf(text ?? key?.name ?? '?'));
  };

  constructor(private readonly input: NodeJS.ReadStream = process.stdin) {
    if (input.isTTY) {
      readline.emitKeypressEvents(input);
      input.setRawMode(true);
      input.on('keypress', this.onKeypress);
      input.resume();
    } else {
      this.lines = readline.createInterface({ input, terminal: false, crlfDelay: Infinity });
      this.lines.on('line', (line) => this.push(stepKeyOf(line)));
      this.lines.on('close', () => this.end());
    }
  }

  next(): Promise<StepKey | null> {
    const key = this.queue.shift();
    if (key !== undefined) return Promise.resolve(key);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Gives the terminal back (cooked mode) and lets the process exit with stdin unread. */
  close(): void {
    if (this.input.isTTY) {
      this.input.off('keypress', this.onKeypress);
      this.input.setRawMode(false);
    }
    this.lines?.close();
    this.input.pause();
    this.end();
  }

  private push(key: StepKey): void {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(key);
    } else this.queue.push(key);
  }

  private end(): void {
    this.ended = true;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(null);
    }
  }
}
