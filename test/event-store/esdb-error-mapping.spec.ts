import { Readable } from 'node:stream';
import {
  AccessDeniedError,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  StreamDeletedError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import {
  AppendTooLargeError,
  EventStoreConfigurationError,
  EventStoreUnavailableError,
  UnknownPositionError,
  WrongExpectedRevisionError,
} from '@app/event-store';
import { mapEsdbError } from '@app/event-store/esdb/esdb-error-mapping';
import { EsdbEventStore } from '@app/event-store/esdb/esdb-event-store';
import { esdbEventId, uuidV5 } from '@app/event-store/esdb/esdb-event-id';
import { batch } from './contract-helpers';

/** No server needed: the esdb adapter's translation of client errors, and its event ids. */
describe('esdb adapter: error mapping', () => {
  it('maps a plain Error with gRPC code 14 (UNAVAILABLE) to EventStoreUnavailableError', () => {
    const error = Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 });
    const mapped = mapEsdbError(error);
    expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
    expect((mapped as Error).message).toMatch(/^event store unavailable: /);
    expect((mapped as Error).cause).toBe(error);
  });

  it.each([
    ['UnavailableError', new UnavailableError(undefined, 'server down')],
    ['DeadlineExceededError', new DeadlineExceededError(undefined, 'deadline exceeded')],
    ['code 4 (deadline)', Object.assign(new Error('4 DEADLINE_EXCEEDED'), { code: 4 })],
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2113'), { code: 'ECONNREFUSED' })],
    ['cluster discovery failure', new Error('Failed to discover after 10 attempts.')],
  ])('maps %s to EventStoreUnavailableError', (_, error) => {
    expect(mapEsdbError(error)).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('maps WrongExpectedVersionError to WrongExpectedRevisionError with stream, expected and actual', () => {
    const error = new WrongExpectedVersionError(undefined, {
      streamName: 'game-1',
      expected: BigInt(3),
      current: BigInt(7),
    });
    const mapped = mapEsdbError(error, { stream: 'game-1', expected: 3 });
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({ stream: 'game-1', expected: 3, actual: 7 });

    const noStream = new WrongExpectedVersionError(undefined, {
      streamName: 'game-2',
      expected: BigInt(0),
      current: 'no_stream',
    });
    expect(mapEsdbError(noStream)).toMatchObject({ stream: 'game-2', expected: 0, actual: 'no-stream' });
  });

  it('maps the server’s refusals to the port’s typed errors, keeping what they say', () => {
    const tooLarge = mapEsdbError(MaxAppendSizeExceededError.fromMaxAppendSize(1048576), {
      stream: 'game-1',
      appendSize: 1153433,
    });
    expect(tooLarge).toBeInstanceOf(AppendTooLargeError);
    expect(tooLarge).toMatchObject({ stream: 'game-1', size: 1153433, maxAppendSize: 1048576 });
    expect(mapEsdbError(StreamDeletedError.fromStreamName('game-2'))).toMatchObject({
      name: 'StreamDeletedError',
      stream: 'game-2',
    });
    const denied = mapEsdbError(new AccessDeniedError(), { doing: 'reading $all' });
    expect(denied).toBeInstanceOf(EventStoreConfigurationError);
    expect((denied as Error).message).toMatch(/^event store configuration: access denied reading \$all: /);
  });

  it('maps an invalid position to UnknownPositionError only when a position was given', () => {
    const invalid = Object.assign(new Error('3 INVALID_ARGUMENT: Trying to read from an invalid position.'), {
      code: 3,
    });
    expect(mapEsdbError(invalid, { position: 41 })).toMatchObject({ name: 'UnknownPositionError', position: 41 });
    const older = Object.assign(new Error('2 UNKNOWN: Unexpected ReadAllResult: InvalidPosition'), { code: 2 });
    expect(mapEsdbError(older, { position: 7 })).toBeInstanceOf(UnknownPositionError);
    expect(mapEsdbError(invalid)).toBe(invalid);
  });

  it('treats what BatchAppend reports for a node that is not ready as unavailable', () => {
    const notReady = new Error('Could not recognize Server Is Not Ready');
    expect(mapEsdbError(notReady)).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('leaves other errors alone', () => {
    const notFound = new StreamNotFoundError(undefined, 'game-1');
    expect(mapEsdbError(notFound)).toBe(notFound);
    const bug = new TypeError('bug');
    expect(mapEsdbError(bug)).toBe(bug);
  });
});

describe('esdb adapter: event ids', () => {
  const [event] = batch(1).map((e) => ({
    type: e.type,
    data: JSON.stringify(e.data),
    metadata: JSON.stringify(e.metadata),
  }));

  it('derives a stable RFC 4122 v5 UUID from stream, revision and content (a retried append is idempotent)', () => {
    const id = esdbEventId('game-1', 4, event);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(esdbEventId('game-1', 4, event)).toBe(id);
    expect(uuidV5('x')).toBe(uuidV5('x'));
  });

  it('gives racing writers with different events different ids (so ESDB reports a conflict, not a duplicate)', () => {
    const other = { ...event, data: JSON.stringify({ i: 0, tag: 'other writer' }) };
    expect(esdbEventId('game-1', 4, other)).not.toBe(esdbEventId('game-1', 4, event));
    expect(esdbEventId('game-1', 5, event)).not.toBe(esdbEventId('game-1', 4, event));
    expect(esdbEventId('game-2', 4, event)).not.toBe(esdbEventId('game-1', 4, event));
  });

  it("uses metadata.eventId when it is a UUID, and a random id for expected revision 'any'", () => {
    const declared = { ...event, metadata: JSON.stringify({ eventId: '0F8FAD5B-D9CB-469F-A165-70867728950E' }) };
    expect(esdbEventId('game-1', 4, declared)).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(esdbEventId('game-1', undefined, event)).not.toBe(esdbEventId('game-1', undefined, event));
  });
});

describe('esdb adapter with a fake client', () => {
  /** Just enough of EventStoreDBClient for the paths under test. */
  const fakeClient = (overrides: Partial<Record<keyof EventStoreDBClient, unknown>>) =>
    ({ dispose: async () => undefined, ...overrides }) as unknown as EventStoreDBClient;
  /** A client read (a Readable with cancel) that fails at once. */
  const failingRead = (error: Error) =>
    Object.assign(
      new Readable({
        objectMode: true,
        read() {
          this.destroy(error);
        },
      }),
      { cancel: async () => undefined },
    );
  const quickRetry = { attempts: 2, firstDelayMs: 1 };

  it('turns a rejected append into WrongExpectedRevisionError, with the ids and expected revision it sent', async () => {
    const calls: unknown[] = [];
    const client = fakeClient({
      appendToStream: async (stream: string, events: { id: string }[], options: unknown) => {
        calls.push({ stream, ids: events.map((e) => e.id), options });
        throw new WrongExpectedVersionError(undefined, { streamName: stream, expected: BigInt(1), current: BigInt(2) });
      },
    });
    const store = new EsdbEventStore({ client });
    const error = await store.append('game-1', batch(2), 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ stream: 'game-1', expected: 1, actual: 2 });
    await store.append('game-1', batch(2), 1).catch(() => undefined);
    expect(calls[0]).toEqual(calls[1]); // same events, same revision → same ids: ESDB can deduplicate a retry
    expect(calls[0]).toMatchObject({ options: { expectedRevision: BigInt(1) } });
    await store.close();
  });

  it('turns an unreachable server during a read into EventStoreUnavailableError; a missing stream reads as []', async () => {
    const down = new EsdbEventStore({
      retry: quickRetry,
      client: fakeClient({ readStream: () => failingRead(Object.assign(new Error('14 UNAVAILABLE'), { code: 14 })) }),
    });
    await expect(down.readStream('game-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(down.streamRevision('game-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    const empty = new EsdbEventStore({
      client: fakeClient({ readStream: () => failingRead(new StreamNotFoundError(undefined, 'game-1')) }),
    });
    await expect(empty.readStream('game-1')).resolves.toEqual([]);
    await expect(empty.streamRevision('game-1')).resolves.toBeNull();
  });
});
