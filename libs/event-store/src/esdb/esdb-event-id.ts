import { createHash, randomUUID } from 'node:crypto';
import type { SerialisedEvent } from '../common/append-validation';

/** Namespace of the name-based (v5) event ids this service derives. */
const NAMESPACE = Buffer.from('4f1c7a2e9b3d4e5f8a6b0c1d2e3f4a5b', 'hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** RFC 4122 version 5 UUID: sha1(namespace + name), with the version and variant bits set. */
export function uuidV5(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  // A sha1 digest has 20 bytes: bytes 6 and 8 are always there.
  bytes.writeUInt8((bytes.readUInt8(6) & 0x0f) | 0x50, 6);
  bytes.writeUInt8((bytes.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The ESDB event id. EventStoreDB treats a re-sent append with the same ids at the same expected revision as
 * already done, so a retried append (same events, same expected revision) is idempotent.
 *
 * The id hashes the CONTENT as well as stream + revision: two different writers racing with the same expected
 * revision must get different ids, or ESDB's idempotency check would report the loser's append as a success
 * while writing nothing. `metadata.eventId` (a UUID) wins when given. With expected revision 'any' the
 * revision is unknown, and identical events may legitimately repeat, so the id is random.
 */
export function esdbEventId(stream: string, revision: number | undefined, event: SerialisedEvent): string {
  const declared = (JSON.parse(event.metadata) as Record<string, unknown>).eventId;
  if (typeof declared === 'string' && UUID.test(declared)) return declared.toLowerCase();
  if (revision === undefined) return randomUUID();
  return uuidV5(JSON.stringify([stream, revision, event.type, event.data, event.metadata]));
}
