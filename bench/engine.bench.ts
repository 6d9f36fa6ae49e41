import { execute, fold, initialState } from '@app/rules';
import type { DomainEvent } from '@app/rules';
import { Emitter } from '@app/rules/engine/emitter';
import type { BenchRow } from './bench-result.model';
import { check, figure, main, row } from './bench-result.model';
import { recordInChildProcess } from './recorded-game.fixture';
import { BIG_BOARD } from './synthetic-game';
import { distribution, interleaved, nowMs } from './timing.kit';

const TURNS = 300;
const RUNS = 15;

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

/**
 * Engine: the commands of one recorded play-through replayed with `execute(…, {inPlace: true})` (what the scenario
 * runner and the command service do), against folding the very events they derive with `evolve` alone. Only engine
 * time is timed: the commands were chosen beforehand.
 */
export async function engineBench(): Promise<BenchRow[]> {
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
  const decideRates = distribution(times.measured.map((ms) => (events / ms) * 1000));
  const foldRates = distribution(times.baseline.map((ms) => (events / ms) * 1000));
  // p99 of a rate is the slow tail: the rate of the p99 run time.
  const slowest = (rates: ReturnType<typeof distribution>) => ({ ...rates, p99: rates.min });
  const ratio = distribution(times.pairRatios);
  return [
    row({
      id: 'engine',
      what: 'engine: derived events/s while deciding turns',
      workload:
        `${TURNS} turns, ${BIG_BOARD.groupsPerSide} groups × ${BIG_BOARD.minionsPerGroup} minions a side, ` +
        `${BIG_BOARD.attacksPerSide} attacks + up to 5 casts a side a turn: ${game.commands.length} commands, ` +
        `${events} events; ${RUNS} interleaved runs`,
      measured: figure('decide (execute in place)', 'events/s', slowest(decideRates)),
      baseline: figure('fold (evolve alone)', 'events/s', slowest(foldRates)),
      ratio: { label: 'decide time / fold time (median of paired runs)', value: ratio.median },
      target: '≥ 1,000,000 events/s folded; deciding ≤ 3× folding',
      checks: [
        check('fold rate (median)', foldRates.median, 'min', 1_000_000, 'events/s'),
        check('decide / fold time (median)', ratio.median, 'max', 3, '×'),
      ],
      details: {
        events,
        commands: game.commands.length,
        recordMs: Math.round(recordMs),
        decideMs: distribution(times.measured),
        foldMs: distribution(times.baseline),
        pairRatio: ratio,
        emitFloor: {
          what: 'the same events re-emitted through the Emitter (envelope + fold, no rules) / fold (median of pairs)',
          reEmitMs: distribution(floor.measured),
          ratio: distribution(floor.pairRatios).median,
        },
      },
    }),
  ];
}

if (require.main === module) main(engineBench);
