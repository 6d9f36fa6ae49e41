import * as readline from 'node:readline';

/** What a person stepping through a replay asked for. */
export type StepKey = 'next' | 'back' | 'next-turn' | 'turn-start' | 'state' | 'quit' | 'help' | { goTo: number };

/**
 * The commands of `--step`, one key on a terminal or one line of piped input: `n` (or empty), `b`, `t`, `p`, `s`,
 * `q`, and `g REVISION`.
 */
export function stepKeyOf(text: string): StepKey {
  const command = text.trim().toLowerCase();
  const goTo = /^(?:g|go|goto)\s*(\d+)$/.exec(command);
  if (goTo && Number.isSafeInteger(Number(goTo[1]))) return { goTo: Number(goTo[1]) };
  switch (command) {
    case '':
    case 'n':
    case 'next':
      return 'next';
    case 'b':
    case 'back':
      return 'back';
    case 't':
    case 'turn':
      return 'next-turn';
    case 'p':
    case 'previous':
      return 'turn-start';
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

export const STEP_HELP =
  '[Enter/n] next  [b] back  [t] next turn  [p] start of the turn (again: the turn before)  [g N Enter] go to ' +
  'revision N  [s] state  [q] quit';

/**
 * The keys of a `--step` session, pulled one at a time. On a terminal each key press counts at once (raw mode;
 * Ctrl-C quits), except `g`, which reads a revision up to Enter (Escape cancels); otherwise stdin is read line by
 * line, so a test or a script can drive a session by piping `n\nt\ng 120\nq\n`. `next()` resolves null once the
 * input has ended.
 */
export class StepKeys {
  private readonly queue: StepKey[] = [];
  private waiting: ((key: StepKey | null) => void) | null = null;
  private ended = false;
  private readonly lines: readline.Interface | null = null;
  /** The digits typed after `g` on a terminal, or null when no revision is being typed. */
  private revision: string | null = null;
  private readonly onKeypress = (text: string | undefined, key: readline.Key | undefined): void => {
    if (key?.ctrl && (key.name === 'c' || key.name === 'd')) return this.push('quit');
    if (this.revision !== null) return this.typeRevision(text, key);
    if (key?.name === 'return' || key?.name === 'enter' || key?.name === 'space') return this.push('next');
    if (key?.name === 'left') return this.push('back');
    if (key?.name === 'right') return this.push('next');
    if (text?.toLowerCase() === 'g') {
      this.revision = '';
      return this.echo('go to revision: ');
    }
    this.push(stepKeyOf(text ?? key?.name ?? '?'));
  };

  constructor(
    private readonly input: NodeJS.ReadStream = process.stdin,
    private readonly prompt: NodeJS.WritableStream = process.stderr,
  ) {
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

  /** A key while a revision is typed after `g`: digits, Backspace, Enter to go, Escape to give up. */
  private typeRevision(text: string | undefined, key: readline.Key | undefined): void {
    const typed = this.revision ?? '';
    if (key?.name === 'return' || key?.name === 'enter') {
      this.revision = null;
      this.echo('\n');
      return this.push(typed === '' ? 'help' : { goTo: Number(typed) });
    }
    if (key?.name === 'escape') {
      this.revision = null;
      return this.echo('\n');
    }
    if (key?.name === 'backspace' && typed !== '') {
      this.revision = typed.slice(0, -1);
      return this.echo('\b \b');
    }
    if (text !== undefined && /^\d$/.test(text) && typed.length < 15) {
      this.revision = typed + text;
      this.echo(text);
    }
  }

  private echo(text: string): void {
    this.prompt.write(text);
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
