import type { AllStreamResolvedEvent, ResolvedEvent } from '@eventstore/db-client';
import { EventStoreConfigurationError } from '../errors/event-store-configuration.error';
import type { RecordedEvent } from '../event-store.types';
import { type StoredContent, damagedContent, storedContent } from '../common/stored-json';

/** What servers before 22.6 report as the log position of an event read from a stream (or subscribed to by stream). */
const UNKNOWN_POSITION = 18446744073709551615n;

/** System streams and events ($metadata, $stats-…, $> links…) are ESDB's business, not the port's. */
export function isSystemEvent(stream: string, type: string): boolean {
  return stream.startsWith('$') || type.startsWith('$');
}

/** Bytes the client could not take for JSON: parsed here if they are JSON, else kept as text. */
function decodeBytes(value: unknown): { json: unknown } | { text: string } {
  if (!(value instanceof Uint8Array)) return { json: value };
  const text = Buffer.from(value).toString('utf8');
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return { text };
  }
}

/** The content of an event, or why it cannot be read (this service writes JSON data and a metadata object). */
function contentOf(event: { data: unknown; metadata: unknown; isJson: boolean }): StoredContent {
  const data = decodeBytes(event.data);
  if ('text' in data && event.isJson) return damagedContent('its data is not valid JSON');
  const metadata = decodeBytes(event.metadata);
  if ('text' in metadata) return damagedContent('its metadata is not valid JSON');
  return storedContent('json' in data ? data.json : data.text, metadata.json);
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
  return {
    stream: event.streamId,
    revision: Number(event.revision),
    position: Number(commit),
    type: event.type,
    ...contentOf(event),
    recordedAt: event.created.toISOString(),
  };
}
