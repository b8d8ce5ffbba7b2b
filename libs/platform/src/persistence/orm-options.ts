/**
 * The MikroORM options of the service's pool and of the migrator: apart from database.ts so that
 * opening and migrating a current database loads neither MikroORM nor Nest (the import CLI).
 */
import { Logger } from '@nestjs/common';
import { type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { type SchemaParts, searchPath } from './database';

const dbLogger = new Logger('Database');
const knexLog = {
  warn: (message: unknown): void => dbLogger.warn(String(message)),
  error: (message: unknown): void => dbLogger.error(String(message)),
  deprecate: (): void => undefined,
  debug: (): void => undefined,
};

/**
 * How long past its statement budget the client itself gives up on a query. PostgreSQL's
 * statement_timeout cancels nothing when the server is frozen or unreachable (a partition, a
 * SIGSTOPped backend), so without this a request waited until the server came back (CONTRACT §7:
 * at most 5 s beyond the budget).
 */
export const QUERY_DEADLINE_GRACE_MS = 1000;

/** The error a query past its client-side deadline fails with (mapped to 503 by the problem filter). */
export const QUERY_DEADLINE_MESSAGE = 'Query read timeout';

/** How often the plain queries in flight are checked against their deadlines. */
export const QUERY_DEADLINE_SWEEP_MS = 250;

interface PgConnection {
  query: (...args: unknown[]) => unknown;
  connection?: { stream?: { destroy(err?: Error): void } };
  once?: (event: 'end', listener: () => void) => unknown;
}

interface Deadlines {
  conn: PgConnection;
  /** Date.now() past which each plain query in flight is over budget, oldest first (pg runs them in order). */
  dues: number[];
}

/**
 * Every connection with a deadline, checked by one timer every QUERY_DEADLINE_SWEEP_MS rather
 * than a timer per query, whose setTimeout and clearTimeout on every read would be a visible part
 * of a single-row read's CPU: a query costs a push and a shift on its connection's list, and a connection is cut at most QUERY_DEADLINE_SWEEP_MS after its
 * deadline. The timer runs while queries do (unref'd: it never keeps the process alive) and stops
 * at the first sweep that finds none in flight.
 */
const watched = new Set<Deadlines>();
let sweeper: ReturnType<typeof setInterval> | undefined;

function sweepDeadlines(): void {
  const now = Date.now();
  let inFlight = false;
  for (const d of watched) {
    if (d.dues.length === 0) continue;
    inFlight = true;
    if (d.dues[0] > now) continue;
    // Cut once: the connection is dead from here on, and the pool drops it.
    watched.delete(d);
    d.dues.length = 0;
    const err = Object.assign(new Error(QUERY_DEADLINE_MESSAGE), { code: 'QUERY_DEADLINE' });
    d.conn.connection?.stream?.destroy(err);
  }
  if (!inFlight) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/**
 * Every plain query on this connection gets a deadline; past it the socket is destroyed, which
 * fails the query (and any queued behind it) and makes pg emit 'error', so knex marks the
 * connection disposed and the pool drops it instead of handing it out again. node-postgres'
 * own `query_timeout` would leave the connection in the pool with the query still pending on
 * it, and would also cut cursors and COPY streams (Submittables), which carry their own budget
 * (the report's long statement_timeout) and are left alone here.
 */
export function enforceQueryDeadline(conn: PgConnection, deadlineMs: number): void {
  const query = conn.query;
  const d: Deadlines = { conn, dues: [] };
  watched.add(d);
  conn.once?.('end', () => watched.delete(d));
  const settled = (): void => void d.dues.shift();
  conn.query = function (this: unknown, ...args: unknown[]): unknown {
    if (typeof (args[0] as { submit?: unknown } | undefined)?.submit === 'function') return query.apply(conn, args);
    d.dues.push(Date.now() + deadlineMs);
    sweeper ??= setInterval(sweepDeadlines, QUERY_DEADLINE_SWEEP_MS).unref();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, res: unknown): void => {
        settled();
        callback(err, res);
      };
    }
    let result: unknown;
    try {
      result = query.apply(conn, args);
    } catch (err) {
      d.dues.pop();
      throw err;
    }
    if (typeof callback !== 'function') (result as Promise<unknown>).then(settled, settled);
    return result;
  };
}

export function ormOptions(
  url: string,
  schema: SchemaParts,
  tuning: { poolMax?: number; statementTimeoutMs?: number; connectTimeoutMs?: number; dbSchema?: string } = {},
): Options {
  // Fail fast when PostgreSQL is down or unreachable: opening a connection and waiting for a pool
  // slot are both bounded, so a request answers 503 within this time instead of hanging until the
  // request timeout (knex's defaults wait 60 s for a slot and pg waits forever for a connect).
  const connectTimeoutMs = tuning.connectTimeoutMs ?? 2000;
  return {
    driver: PostgreSqlDriver,
    clientUrl: url,
    entities: schema.entities,
    extensions: [Migrator],
    migrations: {
      migrationsList: schema.migrations,
      // MikroORM reads `<schema>.<table>`; the default schema keeps the plain name.
      tableName: tuning.dbSchema && tuning.dbSchema !== 'public' ? `${tuning.dbSchema}.schema_migrations` : 'schema_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    pool: {
      min: 0,
      max: tuning.poolMax ?? 10,
      acquireTimeoutMillis: connectTimeoutMs,
      createTimeoutMillis: connectTimeoutMs,
      // Each new connection gets the statement timeout so a runaway query is cancelled in the database.
      afterCreate: (conn: PgConnection, done: (err: Error | null, conn: unknown) => void) => {
        const ms = Math.max(0, Math.floor(tuning.statementTimeoutMs ?? 0));
        // No statement budget (0) means no limit, on either side.
        if (ms > 0) enforceQueryDeadline(conn, ms + QUERY_DEADLINE_GRACE_MS);
        conn.query(
          `set statement_timeout = ${ms}; set timezone = 'UTC'; set search_path = ${searchPath(tuning.dbSchema)}`,
          (err: Error | null) => done(err, conn),
        );
      },
    },
    driverOptions: {
      // TCP keepalive from 10 s of silence: a peer gone without a FIN (partition, dead host) is
      // noticed by the kernel even on an idle pooled connection.
      connection: {
        application_name: 'nomina-read-api',
        connectionTimeoutMillis: connectTimeoutMs,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      },
      // knex reports dropped connections ("Connection Error: ...") with console.log; route them to the JSON log.
      log: knexLog,
    },
    debug: false,
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
  };
}
