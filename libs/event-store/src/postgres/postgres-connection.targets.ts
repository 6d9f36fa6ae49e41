import type { ClientConfig } from 'pg';
import { parse } from 'pg-connection-string';

/** One server of the list: a host name or address (or a Unix socket folder) and its port. */
export interface PostgresHost {
  host: string;
  /** undefined: the driver's default (PGPORT, else 5432). */
  port: number | undefined;
  /** `host:port` as logs and errors show it. */
  label: string;
}

/** The servers a connection string names, and the client settings to reach each of them. */
export interface PostgresTargets {
  hosts: readonly PostgresHost[];
  /** Everything the URL says (user, database, TLS as libpq reads `sslmode`), for that one server. */
  configFor(host: PostgresHost): ClientConfig;
}

/** libpq's modes that node-postgres can honour; `allow` and `prefer` would fall back to no TLS. */
const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'];
/** The event store writes: only the server that accepts writes will do. */
const WRITABLE_SESSIONS = ['read-write', 'primary'];
/** Query parameters that could name servers a second way (libpq's list form): one place only, the authority. */
const HOST_PARAMETERS = ['host', 'hostaddr', 'port'];

const URI = /^(postgres(?:ql)?:\/\/)([^/?#]*)([^?#]*)(?:\?([^#]*))?(#.*)?$/i;

/** A connection string without its password, for messages. */
export function withoutCredentials(connectionString: string): string {
  return connectionString.replace(/\/\/[^@/]*@/, '//***@');
}

function invalid(what: string, connectionString: string): TypeError {
  return new TypeError(`postgres connection string: ${what} (got '${withoutCredentials(connectionString)}')`);
}

function parseHost(spec: string, source: string): PostgresHost {
  const match = /^(\[[^\]]+\]|[^:[\]]*)(?::(\d*))?$/.exec(spec.trim());
  if (!match) throw new TypeError(`${source}: '${spec}' is not host:port`);
  const host = match[1] ?? '';
  const rawPort = match[2];
  if (rawPort !== undefined && rawPort !== '' && !(Number(rawPort) >= 1 && Number(rawPort) <= 65535)) {
    throw new TypeError(`${source}: the port of '${spec}' must be a number from 1 to 65535`);
  }
  const port = rawPort === undefined || rawPort === '' ? undefined : Number(rawPort);
  return { host, port, label: `${host || 'localhost'}:${port ?? 5432}` };
}

/**
 * Reads a libpq connection URI, with libpq's list of servers in its authority
 * (`postgresql://user@h1:5432,h2:5432/db?target_session_attrs=read-write`, which node-postgres does not read),
 * or the servers of `hostList` (POSTGRES_HOSTS, `h1:5432,h2:5432`) in place of the URI's one host. TLS settings
 * (`sslmode`, `sslrootcert`, `sslcert`, `sslkey`) mean what libpq documents; a file they name that cannot be read,
 * a mode that would fall back to no TLS, or a `target_session_attrs` other than a writable server's is refused
 * here, before anything connects.
 */
export function postgresTargets(connectionString: string, hostList?: string): PostgresTargets {
  const match = URI.exec(connectionString.trim());
  if (!match) throw invalid('it must be a URI, postgresql://user:password@host:5432/database', connectionString);
  const [, scheme = '', authority = '', path = '', query = ''] = match;
  const at = authority.lastIndexOf('@');
  const userInfo = at >= 0 ? authority.slice(0, at + 1) : '';
  const listed = authority.slice(at + 1);
  const params = new URLSearchParams(query);

  for (const name of HOST_PARAMETERS) {
    if (params.get(name)?.includes(',')) {
      throw invalid(
        `list the servers in the URI's host part (h1:5432,h2:5432) or in POSTGRES_HOSTS, not in ${name}=`,
        connectionString,
      );
    }
  }
  const sessions = params.get('target_session_attrs');
  if (sessions !== null && !WRITABLE_SESSIONS.includes(sessions)) {
    throw invalid(
      `target_session_attrs=${sessions}: the event store writes, so it always connects to the server that accepts ` +
        'writes (read-write, the default here)',
      connectionString,
    );
  }
  const sslMode = params.get('sslmode');
  if (sslMode !== null && !SSL_MODES.includes(sslMode)) {
    throw invalid(
      `sslmode=${sslMode} is not supported: use disable, require, verify-ca or verify-full ` +
        '(allow and prefer would fall back to an unencrypted connection without saying so)',
      connectionString,
    );
  }
  // The libpq semantics are asked for below; the driver's own switch for them would clash with that.
  for (const name of ['target_session_attrs', 'uselibpqcompat']) params.delete(name);

  const inUri = listed.split(',');
  if (hostList !== undefined && hostList.trim() !== '' && inUri.length > 1) {
    throw invalid('give the servers in the URI or in POSTGRES_HOSTS, not in both', connectionString);
  }
  const hosts =
    hostList !== undefined && hostList.trim() !== ''
      ? hostList.split(',').map((spec) => parseHost(spec, 'POSTGRES_HOSTS'))
      : inUri.map((spec) => parseHost(spec, 'postgres connection string'));
  const search = params.toString();
  const rest = `${path}${search === '' ? '' : `?${search}`}`;

  const configFor = (target: PostgresHost): ClientConfig => {
    const port = target.port === undefined ? '' : `:${target.port}`;
    const single = `${scheme}${userInfo}${target.host}${port}${rest}`;
    try {
      return parse(single, { useLibpqCompat: true }) as ClientConfig;
    } catch (error) {
      // A TLS file that cannot be read, verify-ca without a CA: the driver's words, without the URI's secrets.
      throw invalid((error as Error).message.replace(/\s+/g, ' '), connectionString);
    }
  };
  // Read once now: a missing certificate file is a start-up error, not a failure of the first query.
  for (const target of hosts) configFor(target);
  return { hosts, configFor };
}
