import { EventStore, SnapshotStore } from '@app/event-store';
import type { Scenario } from '@app/rules';
import { COLOURS, orderCommand } from '@app/rules';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameCommandService } from '../src/commands/game-command.service';
import { GamesModule, type GamesModuleOptions } from '../src/games.module';
import { GameRepository } from '../src/loading/game-repository';
import { GarbageCollectionScheduler } from '../src/scheduling/garbage-collection.scheduler';
import { TimeTravelService } from '../src/time-travel/time-travel.service';

export const EXAMPLE_SCENARIO_PATH = join(__dirname, '../../../examples/bolt-and-blade.scenario.json');

export function exampleScenario(): Scenario {
  return JSON.parse(readFileSync(EXAMPLE_SCENARIO_PATH, 'utf8')) as Scenario;
}

/** A temporary folder for SQLite files, removed by `cleanup`. */
export function temporaryDirectory(): { path: (name: string) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'sanctum-games-'));
  return { path: (name) => join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The games layer on its own, as a Nest application context (what both apps build on). */
export class GamesHarness {
  private constructor(readonly app: INestApplicationContext) {}

  static async start(options: Partial<GamesModuleOptions> & Pick<GamesModuleOptions, 'store'>): Promise<GamesHarness> {
    const moduleRef = await Test.createTestingModule({
      imports: [GamesModule.forRoot({ runScheduler: false, ...options })],
    }).compile();
    const app = moduleRef.createNestApplication();
    await app.init();
    return new GamesHarness(app);
  }

  get commands(): GameCommandService {
    return this.app.get(GameCommandService);
  }
  get repository(): GameRepository {
    return this.app.get(GameRepository);
  }
  get timeTravel(): TimeTravelService {
    return this.app.get(TimeTravelService);
  }
  get scheduler(): GarbageCollectionScheduler {
    return this.app.get(GarbageCollectionScheduler);
  }
  get store(): EventStore {
    return this.app.get(EventStore);
  }
  get snapshots(): SnapshotStore {
    return this.app.get(SnapshotStore);
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

/**
 * Plays a scenario through the games layer the way `runScenario` does (red's orders, blue's, both confirmations),
 * leaving each turn's garbage collection to `collect` (the scheduler, say); by default a direct command collects it
 * at once.
 */
export async function playScenario(
  harness: GamesHarness,
  scenario: Scenario,
  gameId: string,
  collect: (turn: number) => Promise<void> = async (turn) => {
    await harness.commands.handle(gameId, 'CollectGarbage', { turn }, { commandId: `turn-${turn}/collect` });
  },
): Promise<void> {
  const { turns, ...setup } = scenario;
  await harness.commands.createGame({ gameId, setup }, 'setup');
  for (const turn of turns) {
    const number = (await harness.repository.loadLatest(gameId)).state.turn;
    for (const colour of COLOURS) {
      // The ids the game gave this player's orders of the turn, by place (a scenario's `cancel` names one).
      const given: (string | null)[] = [];
      for (const [o, order] of (turn.orders[colour] ?? []).entries()) {
        const command = orderCommand(colour, order, `turn-${number}/${colour}/${o}`, `turn ${number}`, (at) =>
          at < given.length ? given[at] : null,
        );
        const outcome = await harness.commands.handle(gameId, command.type, command.data, command.metadata);
        given.push(outcome.type === 'CancelOrder' ? null : outcome.orderId);
      }
    }
    for (const colour of COLOURS) {
      await harness.commands.handle(
        gameId,
        'ConfirmOrders',
        { player: colour },
        { commandId: `turn-${number}/${colour}/confirm` },
      );
    }
    await collect(number);
  }
}
