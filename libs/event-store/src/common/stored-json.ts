import type { RecordedEvent } from '../event-store.types';

/** What a stored event's content reads back as: its data and metadata, or why they cannot be read. */
export type StoredContent = Pick<RecordedEvent, 'data' | 'metadata' | 'damage'>;

/** A damaged row's content: nothing of it, and why (see RecordedEvent.damage). */
export function damagedContent(damage: string): StoredContent {
  return { data: null, metadata: {}, damage };
}

/** Metadata read back must be an object; anything else was written outside the service. */
export function storedContent(data: unknown, metadata: unknown): StoredContent {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
    return damagedContent('its metadata is not a JSON object');
  }
  return { data, metadata: metadata as Record<string, unknown> };
}

/**
 * The data and metadata of a stored event read back from their JSON text. Text that is not JSON, or metadata that
 * is not an object, was damaged outside the service: the event says so (RecordedEvent.damage) instead of failing
 * the read, so that one damaged row stops nobody but its own readers.
 */
export function parseStoredJson(dataText: string, metadataText: string): StoredContent {
  let data: unknown;
  try {
    data = JSON.parse(dataText);
  } catch {
    return damagedContent('its data is not valid JSON');
  }
  try {
    return storedContent(data, JSON.parse(metadataText));
  } catch {
    return damagedContent('its metadata is not valid JSON');
  }
}
