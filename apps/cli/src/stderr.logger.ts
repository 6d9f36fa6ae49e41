import type { LoggerService, LogLevel } from '@nestjs/common';

/**
 * Nest's own messages go to stderr, and only warnings and errors: stdout carries nothing but event lines, so
 * that `sanctum simulate FILE > events.jsonl` is always parseable.
 */
export class StderrLogger implements LoggerService {
  constructor(private readonly levels: readonly LogLevel[] = ['error', 'warn']) {}

  log(): void {}

  error(message: unknown, ...rest: unknown[]): void {
    this.print('error', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.print('warn', message, rest);
  }

  private print(level: LogLevel, message: unknown, rest: unknown[]): void {
    if (!this.levels.includes(level)) return;
    const context = rest.filter((part) => typeof part === 'string').join(' ');
    process.stderr.write(`[nest ${level}]${context ? ` [${context}]` : ''} ${String(message)}\n`);
  }
}
