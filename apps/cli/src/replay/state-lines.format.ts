import { describeState } from '@app/games/replay';
import type { GameState } from '@app/rules';
import type { TerminalStyle } from './terminal-style';

/** The state at the replay's point, after a blank line; section headings in bold on a terminal. */
export function stateLines(state: GameState, style: TerminalStyle): string[] {
  return ['', ...describeState(state).map((line) => (line.startsWith(' ') ? line : style.bold(line)))];
}
