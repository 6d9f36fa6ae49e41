import { Presets, SingleBar } from 'cli-progress';

/** The part of a progress bar the long operations use; a no-op where no bar is shown. */
export interface Progress {
  update(value: number): void;
  stop(): void;
}

export interface ProgressOptions {
  /** What is counted (`events`, `bytes`). */
  unit: string;
  /** The operation prints on stdout meanwhile (export): a bar on the same terminal would garble those lines. */
  stdoutBusy?: boolean;
}

const NO_PROGRESS: Progress = { update: () => undefined, stop: () => undefined };

/**
 * A progress bar on stderr, only when a person is watching it: stderr is a terminal (and, for an operation
 * that prints on stdout, stdout is not the same screen). Piped or redirected output never gets one.
 */
export function startProgress(label: string, total: number, options: ProgressOptions): Progress {
  if (!process.stderr.isTTY || (options.stdoutBusy && process.stdout.isTTY) || total <= 0) return NO_PROGRESS;
  const bar = new SingleBar(
    {
      stream: process.stderr,
      format: `${label} [{bar}] {percentage}% | {value}/{total} ${options.unit} | ETA {eta_formatted}`,
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
    },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return { update: (value) => bar.update(value), stop: () => bar.stop() };
}
