import { type ViewedEventLine, describeEvent } from '@app/games';

/** A line with its sentence (and its released orders with theirs): the words of `sanctum replay`. */
export function described(line: ViewedEventLine): ViewedEventLine & { description: string } {
  const released = line.released?.map((held) => ({ ...held, description: describeEvent(held) }));
  return { ...line, ...(released === undefined ? {} : { released }), description: describeEvent(line) };
}
