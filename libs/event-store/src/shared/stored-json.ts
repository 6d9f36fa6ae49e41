import { DamagedEventError } from '../errors/damaged-event.error';

/**
 * The data and metadata of a stored event read back from their JSON text. Text that is not JSON, or metadata that
 * is not an object, was damaged outside the service: a DamagedEventError names the event, so that one damaged row
 * stops nobody but its own readers.
 */
export function parseStoredJson(
  at: { stream: string; revision: number; position: number },
  dataText: string,
  metadataText: string,
): { data: unknown; metadata: Record<string, unknown> } {
  try {
    const data: unknown = JSON.parse(dataText);
    const metadata: unknown = JSON.parse(metadataText);
    if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) throw new TypeError('metadata');
    return { data, metadata: metadata as Record<string, unknown> };
  } catch (error) {
    throw new DamagedEventError(at.stream, at.revision, at.position, { cause: error });
  }
}
