import { REDACTED, type ViewedEventLine } from '@app/games/viewers/event-redactor';
import { describeEvent } from '@app/games/replay';
import type { TerminalStyle } from './terminal-style';

/** Events that end something: shown in red on a terminal, so deaths stand out in a long replay. */
const ENDINGS = new Set(['MinionDied', 'GroupDied', 'StructureDestroyed', 'SpellSquandered', 'SpellDispelled']);

/** Column widths: `T12 garbageCollection` is the widest turn/phase of a usual game; step and rule ids are short. */
const WHEN_WIDTH = 20;
const STEP_WIDTH = 3;
const RULE_WIDTH = 4;

/** Width of the revision column for a game whose last revision is `last`. */
export function revisionWidth(last: number): number {
  return Math.max(4, String(last).length);
}

/**
 * One event as a readable line: `rev  T<turn> <phase>  step  rule  what happened`, columns padded so a replay
 * reads as a table (`-` where an event has no pipeline step).
 */
/** What a viewer is told of an event (`--as`): a placeholder says only that something hidden happened. */
function sentenceOf(event: ViewedEventLine): string {
  if (event.type === REDACTED) return 'something hidden (the other side’s order, or a non-visible spell)';
  const released = event.released?.map(describeEvent) ?? [];
  return released.length === 0
    ? describeEvent(event)
    : `${describeEvent(event)}; orders released: ${released.join('; ')}`;
}

export function replayLine(event: ViewedEventLine, width: number, style: TerminalStyle): string {
  const { turn, phase, step, rule } = event.metadata;
  const when = `T${String(turn)} ${String(phase)}`.padEnd(WHEN_WIDTH);
  const stepText = (typeof step === 'string' ? step : '-').padEnd(STEP_WIDTH);
  const ruleText = (typeof rule === 'string' ? rule : '-').padEnd(RULE_WIDTH);
  const sentence = sentenceOf(event);
  return [
    style.dim(String(event.revision).padStart(width)),
    style.dim(when),
    style.cyan(stepText),
    style.cyan(ruleText),
    ENDINGS.has(event.type) ? style.red(sentence) : sentence,
  ].join('  ');
}
