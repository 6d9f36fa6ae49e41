import type { GameAuditReport } from '../audit/game-audit.report';
import type { GameEventLine } from '../events/game-event-line';
import { auditPassed } from '../audit/game-audit.report';

/** An event on one line, as JSON lines show it (null: no event). */
function eventText(event: GameEventLine | null): string {
  return event === null ? '(none)' : JSON.stringify(event);
}

/**
 * The verdict of `sanctum verify` in words: what was read, the chain, the re-simulation, and on a divergence the
 * event the engine derives next to the one stored, so the difference can be read (or diffed) directly.
 */
export function verifyVerdictLines(report: GameAuditReport, source: string): string[] {
  const { chain, resimulation } = report;
  const range = report.events === 0 ? 'no events' : `${report.events} events, revisions 0–${report.revision}`;
  const fork = report.forkedFrom ? `, forked from ${report.forkedFrom.gameId} at ${report.forkedFrom.revision}` : '';
  const lines = [`game ${report.gameId} (${source}): ${range}${fork}; engine ${report.engineVersion}`];
  lines.push(
    chain.intact
      ? `hash chain:    intact (last hash ${chain.lastHash ?? '-'})`
      : `hash chain:    BROKEN at revision ${chain.firstBrokenRevision}: ${(chain.detail ?? chain.reason ?? '').replace(/^revision \d+: /, '')}`,
  );
  const divergence = resimulation.firstDivergence;
  if (divergence === null) {
    lines.push(`re-simulation: identical (${resimulation.commands} commands re-run)`);
  } else {
    lines.push(`re-simulation: DIVERGES at revision ${divergence.revision}: ${divergence.reason}`);
    lines.push(`  expected: ${eventText(divergence.expected)}`);
    lines.push(`  found:    ${eventText(divergence.found)}`);
  }
  const snapshots = report.snapshots;
  if (snapshots !== undefined) {
    lines.push(
      snapshots.rejected.length === 0
        ? `snapshots:     ${snapshots.checked} checked, each the fold of the events at its revision`
        : `snapshots:     ${snapshots.rejected.length} of ${snapshots.checked} NOT what the events say (loads fold from the events instead)`,
    );
    for (const { revision, reason } of snapshots.rejected) lines.push(`  revision ${revision}: ${reason}`);
  }
  const first = [chain.firstBrokenRevision, divergence?.revision].filter((r): r is number => typeof r === 'number');
  const verdict = auditPassed(report)
    ? 'verdict: VERIFIED: every event is as recorded, and the engine derives exactly these events'
    : first.length > 0
      ? `verdict: NOT VERIFIED: the record does not hold from revision ${Math.min(...first)} on`
      : `verdict: NOT VERIFIED: the events hold, but the snapshot at revision ${snapshots?.rejected[0]?.revision} was changed`;
  lines.push(verdict);
  return lines;
}
