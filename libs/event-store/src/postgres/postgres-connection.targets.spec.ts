import { postgresTargets } from './postgres-connection.targets';

describe('postgresTargets: libpq connection URIs with one server or a list', () => {
  it('reads libpq’s list of servers from the authority, each with its own port (default 5432), IPv6 too', () => {
    const targets = postgresTargets(
      'postgresql://sanctum:s%40cret@db1:5433,db2,[::1]:5434/tournament?target_session_attrs=read-write&application_name=x',
    );
    expect(targets.hosts.map((host) => host.label)).toEqual(['db1:5433', 'db2:5432', '[::1]:5434']);
    const second = targets.configFor(targets.hosts[1]!);
    expect(second).toMatchObject({ host: 'db2', user: 'sanctum', password: 's@cret', database: 'tournament' });
    expect(second).toMatchObject({ application_name: 'x' });
    expect(second).not.toHaveProperty('target_session_attrs');
    expect(targets.configFor(targets.hosts[2]!)).toMatchObject({ host: '::1', port: '5434' });
  });

  it('POSTGRES_HOSTS stands in for the URI’s one host; a list in both places is refused', () => {
    const targets = postgresTargets('postgresql://u@ignored:1/db', 'a:5432, b:6432');
    expect(targets.hosts.map((host) => host.label)).toEqual(['a:5432', 'b:6432']);
    expect(targets.configFor(targets.hosts[1]!)).toMatchObject({ host: 'b', port: '6432', database: 'db', user: 'u' });
    expect(() => postgresTargets('postgresql://u@a:1,b:2/db', 'c:3')).toThrow(/not in both/);
  });

  it('refuses what cannot work, naming it, without the password', () => {
    const refused = (url: string) => {
      try {
        postgresTargets(url);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refused('mysql://u:pw@h/db')).toMatch(/must be a URI, postgresql:\/\/…|must be a URI/);
    expect(refused('postgresql://u:pw@h/db?target_session_attrs=read-only')).toMatch(
      /target_session_attrs=read-only: the event store writes/,
    );
    expect(refused('postgresql://u:pw@h/db?sslmode=prefer')).toMatch(/sslmode=prefer is not supported/);
    expect(refused('postgresql://u:pw@h/db?host=a,b')).toMatch(/not in host=/);
    expect(refused('postgresql://u:pw@h:99999/db')).toMatch(/port of 'h:99999' must be a number from 1 to 65535/);
    expect(refused('postgresql://u:pw@h/db?sslmode=verify-ca')).toMatch(/verify-ca requires specifying a CA/);
    for (const message of [refused('postgresql://u:pw@h/db?sslmode=prefer'), refused('postgresql://u:pw@h:99999/db')]) {
      expect(message).not.toContain('pw');
    }
  });

  it('sslmode as libpq reads it: require without a CA checks nothing, verify-full checks CA and name', () => {
    const config = (query: string) => {
      const targets = postgresTargets(`postgresql://u@h/db?${query}`);
      return targets.configFor(targets.hosts[0]!);
    };
    expect(config('sslmode=disable').ssl).toBe(false);
    expect(config('sslmode=require').ssl).toMatchObject({ rejectUnauthorized: false });
    expect(config('sslmode=verify-full').ssl).toEqual({});
    expect(config('').ssl).toBeUndefined();
  });
});
