import * as fs from 'node:fs';
import { execute, fold, initialState } from '@app/rules';
import type { DomainEvent } from '@app/rules';
import { Emitter } from '@app/rules/engine/emitter';
import type { BenchRow } from './bench-result.model';
import { jsonFromChildProcess } from './child-process.kit';
import { check, figure, main, row } from './bench-result.model';
import { recordInChildProcess } from './recorded-game.fixture';
import { BIG_BOARD } from './synthetic-game';
import { distribution, interleaved, nowMs, slowTail } from './timing.kit';

const TURNS = 300;
const RUNS = 15;
const PROCESSES = 3;

/**
 * The engine's own floor: the recorded events emitted again through the engine's Emitter (envelope built, event
 * folded, recorded) with no rule deciding anything. What deciding costs beyond this is the rules' logic.
 */
function reEmit(events: DomainEvent[]): void {
  const state = initialState();
  let emitter: Emitter | null = null;
  let commandId: string | null = null;
  for (const { type, data, metadata } of events) {
    if (emitter === null || metadata.commandId !== commandId) {
      commandId = metadata.commandId;
      emitter = new Emitter(state, metadata.gameId, commandId, metadata.correlationId);
    }
    emitter.emit(type, data as never, { rule: metadata.rule, step: metadata.step, cause: metadata.causationId });
  }
}

/** What one process measured: run times in pairs (deciding and folding, re-emitting and folding). */
interface EngineSample {
  events: number;
  commands: number;
  recordMs: number;
  decideMs: number[];
  foldMs: number[];
  pairRatios: number[];
  reEmitMs: number[];
  floorRatios: number[];
}

/**
 * Engine, in this process: the commands of one recorded play-through replayed with `execute(…, {inPlace: true})`
 * (what the scenario runner and the command service do), against folding the very events they derive with
 * `evolve` alone. Only engine time is timed: the commands were chosen beforehand.
 */
async function measureInThisProcess(): Promise<EngineSample> {
  const started = nowMs();
  const game = recordInChildProcess({ ...BIG_BOARD, turns: TURNS }, 42);
  const recordMs = nowMs() - started;
  const events = game.events.length;

  let decided = 0;
  const decide = () => {
    const state = initialState();
    decided = 0;
    for (const command of game.commands) decided += execute(state, command, { inPlace: true }).events.length;
    return state;
  };
  const foldAll = () => fold(game.events);

  // The benchmark is only meaningful if both give the same game.
  const same = JSON.stringify(decide()) === JSON.stringify(foldAll()) && decided === events;
  if (!same) throw new Error('deciding the recorded commands did not give the folded state');

  const times = await interleaved(RUNS, 3, decide, foldAll);
  const floor = await interleaved(RUNS, 3, () => reEmit(game.events), foldAll);
  return {
    events,
    commands: game.commands.length,
    recordMs,
    decideMs: times.measured,
    foldMs: times.baseline,
    pairRatios: times.pairRatios,
    reEmitMs: floor.measured,
    floorRatios: floor.pairRatios,
  };
}

/**
 * The engine row pools the pairs of several processes: the same code measured in one process and in the next
 * differs by up to ~10% (heap layout, collector timing), more than the runs within one process do, so one
 * process's figure is one draw of that spread.
 */
export async function engineBench(): Promise<BenchRow[]> {
  const samples = Array.from({ length: PROCESSES }, () =>
    jsonFromChildProcess<EngineSample>(__filename, ['--sample'], 'an engine measurement'),
  );
  const pooled = (pick: (sample: EngineSample) => number[]) => samples.flatMap(pick);
  const { events, commands } = samples[0];
  const decideRates = distribution(pooled((s) => s.decideMs).map((ms) => (events / ms) * 1000));
  const foldRates = distribution(pooled((s) => s.foldMs).map((ms) => (events / ms) * 1000));
  const ratio = distribution(pooled((s) => s.pairRatios));
  return [
    row({
      id: 'engine',
      what: 'engine: derived events/s while deciding turns',
      workload:
        `${TURNS} turns, ${BIG_BOARD.groupsPerSide} groups × ${BIG_BOARD.minionsPerGroup} minions a side, ` +
        `${BIG_BOARD.attacksPerSide} attacks + up to 5 casts a side a turn: ${commands} commands, ` +
        `${events} events; ${RUNS} interleaved runs in each of ${PROCESSES} processes`,
      measured: figure('decide (execute in place)', 'events/s', slowTail(decideRates)),
      baseline: figure('fold (evolve alone)', 'events/s', slowTail(foldRates)),
      ratio: { label: 'decide time / fold time (median of paired runs)', value: ratio.median },
      target: '≥ 1,000,000 events/s folded; deciding ≤ 3× folding',
      checks: [
        check('fold rate (median)', foldRates.median, 'min', 1_000_000, 'events/s'),
        check('decide / fold time (median)', ratio.median, 'max', 3, '×'),
      ],
      details: {
        events,
        commands,
        recordMs: Math.round(samples[0].recordMs),
        decideMs: distribution(pooled((s) => s.decideMs)),
        foldMs: distribution(pooled((s) => s.foldMs)),
        pairRatio: ratio,
        pairRatioByProcess: samples.map((s) => distribution(s.pairRatios).median),
        emitFloor: {
          what: 'the same events re-emitted through the Emitter (envelope + fold, no rules) / fold (median of pairs)',
          reEmitMs: distribution(pooled((s) => s.reEmitMs)),
          ratio: distribution(pooled((s) => s.floorRatios)).median,
        },
      },
    }),
  ];
}

if (require.main === module) {
  if (!process.argv.includes('--sample')) main(engineBench);
  else
    measureInThisProcess().then(
      (sample) => fs.writeFileSync(process.argv[process.argv.length - 1], JSON.stringify(sample)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
}
