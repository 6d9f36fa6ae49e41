import type { EventStore } from '@app/event-store';
import { gameStream } from '@app/games';
import { runScenario, type Scenario, ScenarioFailed } from '@app/rules';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../support/repo-root';

export interface NamedScenario {
  name: string;
  scenario: Scenario;
}

/**
 * The example and the project's scenario fixtures that play through without a refused order: between them they
 * cast, resolve, activate and squander spells for several reasons, kill in every death category and bounce
 * damage off armor — the read models' whole vocabulary.
 */
export function playableScenarios(): NamedScenario[] {
  const fixtures = path.join(REPO_ROOT, 'test/scenarios/fixtures');
  const files = [
    path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'),
    ...readdirSync(fixtures)
      .filter((file) => file.endsWith('.scenario.json'))
      .sort()
      .map((file) => path.join(fixtures, file)),
  ];
  return files.flatMap((file) => {
    const scenario = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
    return playsThrough(scenario) ? [{ name: path.basename(file, '.scenario.json'), scenario }] : [];
  });
}

/** No order refused, not even one the file expects to be (the games layer would throw on it). */
function playsThrough(scenario: Scenario): boolean {
  try {
    return runScenario(scenario).rejections.length === 0;
  } catch (error) {
    if (error instanceof ScenarioFailed) return false;
    throw error;
  }
}

/**
 * Records `copies` rounds of every playable scenario straight through the EventStore (the rules engine's own
 * events, `runScenario`): thousands of events in a fraction of a second, for the tests that need volume.
 * Returns the global position of the last event recorded.
 */
export async function recordScenarioGames(store: EventStore, copies: number, prefix: string): Promise<number> {
  let last = 0;
  for (let copy = 0; copy < copies; copy += 1) {
    for (const { name, scenario } of playableScenarios()) {
      const gameId = `${prefix}-${copy}-${name}`;
      const events = runScenario(scenario, gameId).events.map(({ type, data, metadata }) => ({
        type,
        data,
        metadata: { ...metadata },
      }));
      const result = await store.append(gameStream(gameId), events, 'no-stream');
      last = result.positions[result.positions.length - 1];
    }
  }
  return last;
}
