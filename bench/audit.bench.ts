import { ResimulationCheck, auditEvents, chainEvents, genesisHash } from '@app/games';
import type { GameEventLine } from '@app/games';
import type { DomainEvent } from '@app/rules';
import { fold, initialState } from '@app/rules';
import type { BenchRow } from './bench-result.model';
import { check, figure, main, row } from './bench-result.model';
import { BIG_BOARD, recordSyntheticGame } from './synthetic-game';
import { distribution, interleaved, nowMs, slowTail } from './timing.kit';

const TURNS = 300;
const RUNS = 7;

/**
 * Audit re-simulation: libs/games' ResimulationCheck (each command rebuilt from its input event, executed, and its
 * derived events compared with the stored ones as canonical JSON) over a chained synthetic big-board game as the
 * store hands it out (parsed JSON), against folding the same events with `evolve` alone. The whole audit (hash
 * chain check too) is measured once more for the record.
 */
export async function auditBench(): Promise<BenchRow[]> {
  const game = recordSyntheticGame({ ...BIG_BOARD, turns: TURNS }, 23);
  const { events: chained } = chainEvents<DomainEvent>(genesisHash(game.gameId), game.events);
  // As read back from a store: fresh objects, shared with nothing the engine holds.
  const lines = JSON.parse(
    JSON.stringify(chained.map((event, revision) => ({ revision, ...event }))),
  ) as GameEventLine[];
  const events = lines.length;

  const resimulate = () => {
    const check = new ResimulationCheck();
    for (const line of lines) check.push(line);
    check.finish();
    return check.verdict();
  };
  const verdict = resimulate();
  if (!verdict.identical) throw new Error(`re-simulation diverged: ${JSON.stringify(verdict.firstDivergence)}`);
  const foldAll = () => fold(lines as unknown as DomainEvent[], initialState());

  const times = await interleaved(RUNS, 1, resimulate, foldAll);
  const rates = distribution(times.measured.map((ms) => (events / ms) * 1000));
  const foldRates = distribution(times.baseline.map((ms) => (events / ms) * 1000));
  const ratio = distribution(times.pairRatios);

  const started = nowMs();
  const report = await auditEvents(lines, game.gameId);
  const fullAuditMs = nowMs() - started;
  if (!report.chain.intact || !report.resimulation.identical) throw new Error('the full audit found a problem');

  return [
    row({
      id: 'audit',
      what: 'audit re-simulation',
      workload:
        `${TURNS}-turn big-board game, ${events.toLocaleString('en')} chained events (${verdict.commands} commands) ` +
        `as parsed JSON; ResimulationCheck from libs/games/src/audit; ${RUNS} interleaved runs`,
      measured: figure('re-simulation (ResimulationCheck)', 'events/s', slowTail(rates)),
      baseline: figure('fold (evolve alone)', 'events/s', slowTail(foldRates)),
      ratio: { label: 're-simulation time / fold time (median of paired runs)', value: ratio.median },
      target: '≥ 200,000 events/s',
      checks: [check('re-simulation rate (median)', rates.median, 'min', 200_000, 'events/s')],
      details: {
        events,
        commands: verdict.commands,
        resimulationMs: distribution(times.measured),
        foldMs: distribution(times.baseline),
        fullAuditEventsPerSecond: Math.round((events / fullAuditMs) * 1000),
      },
    }),
  ];
}

if (require.main === module) main(auditBench);
