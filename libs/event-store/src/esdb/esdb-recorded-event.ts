import type { AllStreamResolvedEvent, ResolvedEvent } from '@eventstore/db-client';
import { EventStoreConfigurationError } from '../errors/event-store-configuration.error';
import type { RecordedEvent } from '../event-store.types';

/** What servers before 22.6 report as the log position of an event read from a stream (or subscribed to by stream). */
const UNKNOWN_POSITION = 18446744073709551615n;

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
 * ESDB → port. `position` is the commit position. For appends made through gRPC (no explicit transactions)
 * commit = prepare = the event's own log position, so it is unique, strictly increasing and, as
 * {commit: p, prepare: p}, resumable. It is a byte offset in the log; a JS number holds it exactly up to 2^53
 * (~9 PB of log).
 *
 * Servers before 22.6 do not know the position of an event read from a stream and send 2^64−1: the port's
 * positions would then be wrong (reads by stream and by `$all` must agree), so such a server is refused with a
 * clear error rather than served wrongly.
 */
export function fromEsdbEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || isSystemEvent(event.streamId, event.type)) return null;
  const commit = event.position?.commit ?? resolved.commitPosition;
  if (commit === undefined || commit === UNKNOWN_POSITION) {
    throw new EventStoreConfigurationError(
      'the server does not report the position of events read from a stream (EventStoreDB before 22.6); ' +
        'this service needs EventStoreDB 22.6 or later, or KurrentDB',
    );
  }
  const metadata = decodeData(event.metadata, true);
  return {
    stream: event.streamId,
    revision: Number(event.revision),
    position: Number(commit),
    type: event.type,
    data: decodeData(event.data, event.isJson),
    metadata:
      typeof metadata === 'object' && metadata !== null && !(metadata instanceof Uint8Array)
        ? (metadata as Record<string, unknown>)
        : {},
    recordedAt: event.created.toISOString(),
  };
}
