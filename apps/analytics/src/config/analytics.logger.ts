import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** pino-style LOG_LEVEL → the Nest levels at or above it. */
const NEST_LEVELS: Record<string, LogLevel[]> = {
  silent: [],
  fatal: ['fatal'],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  trace: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/** Nest's console logger, but on stderr only: stdout carries nothing but the summary JSON. */
export class AnalyticsLogger extends ConsoleLogger {
  constructor(logLevel: string) {
    super('analytics', { logLevels: NEST_LEVELS[logLevel] ?? NEST_LEVELS.info, colors: process.stderr.isTTY === true });
  }

  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
  ): void {
    super.printMessages(messages, context, logLevel, 'stderr', errorStack);
  }
}
