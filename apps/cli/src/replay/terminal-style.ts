/** ANSI styles for a person at a terminal; identity functions otherwise (files and pipes get plain text). */
export interface TerminalStyle {
  dim(text: string): string;
  bold(text: string): string;
  red(text: string): string;
  cyan(text: string): string;
}

const PLAIN: TerminalStyle = { dim: (t) => t, bold: (t) => t, red: (t) => t, cyan: (t) => t };

const ansi =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001b[${open}m${text}\u001b[${close}m`;

const COLOURED: TerminalStyle = { dim: ansi(2, 22), bold: ansi(1, 22), red: ansi(31, 39), cyan: ansi(36, 39) };

/** Colours only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function styleFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): TerminalStyle {
  return stream.isTTY && !env.NO_COLOR ? COLOURED : PLAIN;
}
