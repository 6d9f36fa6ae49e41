import type { BenchRow, Figure } from './bench-result.model';

/** A figure's value in its unit, short: 1.23 M events/s, 45,600 rows/s, 3.1 ms. */
export function formatValue(value: number, unit: string): string {
  if (!Number.isFinite(value)) return '—';
  if (unit.endsWith('/s')) {
    const per = unit.replace('/s', '');
    if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(2)} M ${per}/s`;
    return `${Math.round(value).toLocaleString('en')} ${per}/s`;
  }
  if (unit === 'ms') return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
  if (unit === '×') return `${value.toFixed(2)}×`;
  return `${value.toLocaleString('en')} ${unit}`.trim();
}

/** Median, and the slow tail: p99 of latencies, or the slowest run's rate (a rate's p99 is its low end). */
export function formatFigure(figure: Figure): string {
  return `${formatValue(figure.median, figure.unit)} (p99 ${formatValue(figure.p99, figure.unit)}, n=${figure.n})`;
}

function formatRatio(row: BenchRow): string {
  const value = row.ratio.value;
  return value < 1 ? `${Math.round(value * 100)}%` : `${value.toFixed(value >= 100 ? 0 : 2)}×`;
}

function memory(row: BenchRow): string {
  const own = `${Math.round(row.peakRssMb)} MB`;
  return row.serverPeakRssMb === undefined ? own : `${own} (server ${Math.round(row.serverPeakRssMb)} MB)`;
}

/** The results as a Markdown table (docs/performance.md shows the same). */
export function markdownTable(rows: BenchRow[]): string {
  const lines = [
    '| what | measured: median (p99) | baseline in the same run: median (p99) | ratio | target | met | peak RSS |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const checks = row.checks
      .map((c) => `${c.met ? '✔' : '✘'} ${c.label} ${formatValue(c.value, c.unit)}`)
      .join('<br>');
    lines.push(
      `| ${row.what} | ${row.measured.label}: ${formatFigure(row.measured)} | ${row.baseline.label}: ` +
        `${formatFigure(row.baseline)} | ${formatRatio(row)} (${row.ratio.label}) | ${row.target} | ` +
        `${row.met ? '**met**' : '**missed**'}<br>${checks} | ${memory(row)} |`,
    );
  }
  return lines.join('\n');
}

/** A compact plain-text table for the terminal. */
export function terminalTable(rows: BenchRow[]): string {
  const header = ['what', 'measured (median / p99)', 'baseline (median / p99)', 'ratio', 'target', 'met'];
  const body = rows.map((row) => [
    row.id,
    `${formatValue(row.measured.median, row.measured.unit)} / ${formatValue(row.measured.p99, row.measured.unit)}`,
    `${formatValue(row.baseline.median, row.baseline.unit)} / ${formatValue(row.baseline.p99, row.baseline.unit)}`,
    formatRatio(row),
    row.target,
    `${row.met ? 'met' : 'MISSED'}: ${row.checks.map((c) => `${c.met ? '✔' : '✘'} ${formatValue(c.value, c.unit)}`).join(', ')}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join(' │ ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...body.map(line)].join('\n');
}
