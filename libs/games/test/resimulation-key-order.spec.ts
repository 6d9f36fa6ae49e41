import { runScenario } from '@app/rules';
import { ResimulationCheck } from '@app/verifier';
import type { GameEventLine } from '../src/recording/game-event-line';
import { exampleScenario } from './games-testing';

/** The same value with every object's keys in reverse order (what another tool may write). */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reversedKeys(inner)]),
  );
}

function resimulate(lines: GameEventLine[]) {
  const check = new ResimulationCheck();
  for (const line of lines) check.push(line);
  check.finish();
  return check.verdict();
}

/**
 * Re-simulation compares canonical JSON. It first compares values with their key order (cheap, and the engine and
 * the stores keep one order), and only events that differ so are canonicalised: these tests hold both paths.
 */
describe('ResimulationCheck: events compared as canonical JSON', () => {
  const { events } = runScenario(exampleScenario(), 'keys');
  const stored = (): GameEventLine[] =>
    JSON.parse(JSON.stringify(events.map((event, revision) => ({ revision, ...event })))) as GameEventLine[];

  it('finds a game identical whatever the key order of its stored events', () => {
    expect(resimulate(stored())).toMatchObject({ identical: true, firstDivergence: null });
    const reordered = stored().map((line) => ({ ...line, data: reversedKeys(line.data) }));
    expect(resimulate(reordered as GameEventLine[])).toMatchObject({ identical: true, firstDivergence: null });
    const metadataReordered = stored().map((line) => ({
      ...line,
      metadata: reversedKeys(line.metadata) as Record<string, unknown>,
    }));
    expect(resimulate(metadataReordered)).toMatchObject({ identical: true, firstDivergence: null });
  });

  it('still finds an edited value, in any key order', () => {
    const lines = stored();
    const target = lines.findIndex((line) => line.type === 'DamageApplied');
    const data = lines[target].data as Record<string, unknown>;
    lines[target] = { ...lines[target], data: reversedKeys({ ...data, amount: Number(data.amount) + 1 }) };
    expect(resimulate(lines)).toMatchObject({ identical: false, firstDivergence: { revision: target } });
  });
});
