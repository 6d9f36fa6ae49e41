import type { AllStreamResolvedEvent, ResolvedEvent } from '@eventstore/db-client';
import type { RecordedEvent } from '../event-store.types';

/** System streams and events ($metadata, $stats-…, $> links…) are ESDB's business, not the port's. */
export function isSystemEvent(stream: string, type: string): boolean {
  return stream.startsWith('$') || type.startsWith('$');
}

function decodeData(data: unknown, isJson: boolean): unknown {
  if (isJson || !(data instanceof Uint8Array)) return data;
  const text = Buffer.from(data).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * ESDB → port. `position` is the commit position. For appends made through gRPC (every ESDB 20+ write; no
 * explicit transactions) commit = prepare = the event's own log position, so it is unique, strictly increasing
 * and, as {commit: p, prepare: p}, resumable. It is a byte offset in the log; a JS number holds it exactly up to
 * 2^53 (~9 PB of log). Events from servers older than 22.6 carry no position on stream reads: -1 there.
 */
export function fromEsdbEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || isSystemEvent(event.streamId, event.type)) return null;
  const commit = event.position?.commit ?? resolved.commitPosition;
  const metadata = decodeData(event.metadata, true);
  return {
    stream: event.streamId,
    revision: Number(event.revision),
    position: commit === undefined ? -1 : Number(commit),
    type: event.type,
    data: decodeData(event.data, event.isJson),
    metadata:
      typeof metadata === 'object' && metadata !== null && !(metadata instanceof Uint8Array)
        ? (metadata as Record<string, unknown>)
        : {},
    recordedAt: event.created.toISOString(),
  };
}
