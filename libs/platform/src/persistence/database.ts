import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { MikroORM, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { AppConfig } from '../config/app-config';
import { startEmbeddedPostgres } from './embedded-postgres';
import type { MigrationEntry } from './migrations';
import { preflight } from './preflight';

export interface DatabaseSelection {
  url: string;
  embedded: boolean;
  release(): Promise<void>;
}

/** DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (CONTRACT §7). */
export async function acquireDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'embeddedPgPort'> & { embeddedDatabase?: string },
  log: (message: string) => void,
  options: { database?: string; fastInit?: boolean } = {},
): Promise<DatabaseSelection> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, release: async () => undefined };
  }
  const db = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    database: options.database ?? config.embeddedDatabase ?? 'nomina',
    log,
    fastInit: options.fastInit,
  });
  return { url: db.url, embedded: true, release: () => db.release() };
}

export interface SchemaParts {
  entities: NonNullable<Options['entities']>;
  migrations: MigrationEntry[];
}

const dbLogger = new Logger('Database');
const knexLog = {
  warn: (message: unknown): void => dbLogger.warn(String(message)),
  error: (message: unknown): void => dbLogger.error(String(message)),
  deprecate: (): void => undefined,
  debug: (): void => undefined,
};

/**
 * The search_path of every connection: the tables' schema first, then public, where the
 * extensions live (unaccent, pg_trgm, btree_gin), so the reviewed SQL stays unqualified.
 */
export function searchPath(dbSchema = 'public'): string {
  // No quotes or spaces: the same text works in `set search_path = …` and in a startup
  // `options=-c search_path=…` (DATABASE_SCHEMA only allows lowercase letters, digits and _).
  return dbSchema === 'public' ? 'public' : `${dbSchema},public`;
}

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

/**
 * Whether every migration of `schema` is recorded in the migrations table of `dbSchema`: one query,
 * and a missing table (a new database or schema) is "no".
 */
async function migrationsApplied(url: string, schema: SchemaParts, dbSchema: string): Promise<boolean> {
  const client = new Client({ connectionString: url });
  // A server stopped under it fails the query, which reports it; without a listener the client's
  // 'error' event would crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const table = await client.query<{ t: string | null }>(`select to_regclass($1)::text as t`, [`"${dbSchema}".schema_migrations`]);
    if (!table.rows[0].t) return false;
    const { rows } = await client.query<{ name: string }>(`select name from ${table.rows[0].t}`);
    const applied = new Set(rows.map((r) => r.name));
    return schema.migrations.every((m) => applied.has(m.name));
  } finally {
    await client.end();
  }
}

/**
 * Applies pending migrations (all in one transaction) in `dbSchema` (default public); returns the names applied.
 * A schema already current costs a query or two: MikroORM's migrator (its start-up, the preflight's
 * extension checks) runs only when something is pending: ~80 ms of every `npm run import` against ~15 ms.
 */
export async function migrateDatabase(url: string, schema: SchemaParts, options: { dbSchema?: string } = {}): Promise<string[]> {
  if (await migrationsApplied(url, schema, options.dbSchema ?? 'public')) return [];
  await preflight(url, options.dbSchema ?? 'public');
  const orm = await MikroORM.init(ormOptions(url, schema, { poolMax: 2, dbSchema: options.dbSchema }));
  try {
    const applied = await orm.getMigrator().up();
    return applied.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}
