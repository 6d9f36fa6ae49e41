import { runScenario, ScenarioFailed } from '@app/rules';
import type { DomainEvent } from '@app/rules';
import type { StoredGameEvent } from '@app/games/recording/stored-game-event';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { gameIdFromFile } from '../game-id';
import type { ScenarioFileReader } from '../scenario-file.reader';
import type { ReplaySource } from './replay-source';

/** The engine's own event, just played: of the vocabulary by construction. */
function toLine(event: DomainEvent, revision: number): StoredGameEvent {
  return { revision, type: event.type, data: event.data, metadata: event.metadata } as StoredGameEvent;
}

/**
 * A `*.scenario.json`, simulated first exactly as `sanctum simulate FILE` plays it (same game id, same events).
 * A scenario is small enough to play in memory; it fails like `simulate` does (2 bad file or set-up, 1 refused
 * order).
 */
export class ScenarioSource implements ReplaySource {
  private played: StoredGameEvent[] | undefined;

  constructor(
    readonly name: string,
    private readonly reader: ScenarioFileReader,
  ) {}

  async last(): Promise<StoredGameEvent | null> {
    const events = await this.play();
    return events[events.length - 1] ?? null;
  }

  async *events(): AsyncGenerator<StoredGameEvent> {
    yield* await this.play();
  }

  async close(): Promise<void> {}

  private async play(): Promise<StoredGameEvent[]> {
    if (this.played) return this.played;
    const scenario = await this.reader.read(this.name);
    try {
      this.played = runScenario(scenario, gameIdFromFile(this.name)).events.map(toLine);
      return this.played;
    } catch (error) {
      if (!(error instanceof ScenarioFailed)) throw error;
      const { place, rejection } = error;
      const rule = rejection.rule ? `rule ${rejection.rule}: ` : '';
      if (place === 'setup') {
        const field = rejection.field ? `${rejection.field}: ` : '';
        throw new CliFailure(
          EXIT.invalidInput,
          `${this.name}: the rules refuse the set-up: ${field}${rule}${rejection.reason}`,
        );
      }
      throw new CliFailure(EXIT.rejected, `${this.name}: ${place}: ${rule}${rejection.reason}`);
    }
  }
}
