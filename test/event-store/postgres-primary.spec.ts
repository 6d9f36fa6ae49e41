/**
 * Issue #29: which server of a list the store writes to. Two independent throwaway servers stand in for the cases a
 * failover test does not reach: a listed server that is down, and two servers that both accept writes on the same
 * timeline (two standbys promoted), which the store must refuse rather than pick one.
 */
import { EventStoreUnavailableError } from '@app/event-store';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import * as net from 'node:net';
import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { batch } from './contract-helpers';

/** A port nobody listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describeWithPostgres('postgres store: the server that accepts writes, among several', () => {
  let one: PostgresCluster;
  let other: PostgresCluster;
  const stores: PostgresEventStore[] = [];
  const store = (hosts: string, schema: string) => {
    const created = new PostgresEventStore({
      connectionString: `postgresql://postgres@${hosts}/postgres?target_session_attrs=read-write`,
      schema,
    });
    stores.push(created);
    return created;
  };

  beforeAll(async () => {
    [one, other] = await Promise.all([
      PostgresCluster.create({ settings: { fsync: 'off' } }),
      PostgresCluster.create({ settings: { fsync: 'off' } }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await Promise.all([one?.destroy(), other?.destroy()]);
  });

  it('a listed server that is down is passed over: the one that answers and accepts writes is used', async () => {
    const down = await closedPort();
    const listed = store(`127.0.0.1:${down},127.0.0.1:${one.serverPort}`, 'listed');
    await listed.append('a', batch(2), 'no-stream');
    expect(await listed.streamRevision('a')).toBe(1);
    expect(
      await one.withClient(async (c) => (await c.query(`SELECT count(*)::int AS n FROM listed.events`)).rows[0].n),
    ).toBe(2);
  });

  it('two servers accepting writes on the same timeline: neither is used, and the error says why', async () => {
    const both = store(`127.0.0.1:${one.serverPort},127.0.0.1:${other.serverPort}`, 'split');
    const error = await both.append('a', batch(1), 'no-stream').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect((error as Error).message).toMatch(
      /several servers accept writes \(127\.0\.0\.1:\d+: accepts writes on timeline 1; 127\.0\.0\.1:\d+: accepts writes on timeline 1\); none is used/,
    );
    for (const cluster of [one, other]) {
      const schemas = await cluster.withClient(
        async (c) => (await c.query(`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = 'split'`)).rows[0].n,
      );
      expect(schemas).toBe(0);
    }
  });
});
