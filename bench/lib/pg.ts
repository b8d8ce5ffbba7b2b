/**
 * node-postgres set up exactly like the service's connections (MikroORM's PostgreSqlConnection +
 * `ormOptions`): date/timestamp/timestamptz/interval arrive as text, numerics as decimal strings
 * (pg's default), and every connection runs `set statement_timeout = …; set timezone = 'UTC'`.
 * The raw-SQL measurement and the bare baseline server both use this, so the only difference to
 * the service is the service itself.
 */
import { join } from 'node:path';
import { Client, Pool, type PoolConfig } from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '@nomina-api/platform/persistence';
// The class is exported by pg's CommonJS entry but not by its type declarations' named exports.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const TypeOverrides = require('pg').TypeOverrides as new () => { setTypeParser(oid: number, parse: (s: string) => unknown): void };

export const STATEMENT_TIMEOUT_MS = 15_000;

export function serviceTypes(): never {
  const types = new TypeOverrides();
  for (const oid of [1082, 1114, 1184, 1186]) types.setTypeParser(oid, (s: string) => s);
  return types as never;
}

const SESSION = `set statement_timeout = ${STATEMENT_TIMEOUT_MS}; set timezone = 'UTC'`;

/**
 * node-postgres emits a connection's loss (a terminated backend, the server stopping) as an 'error'
 * event, which kills the process when nothing listens: the harness says which connection went
 * and the query in flight, if any, fails with its own error where it was awaited.
 */
function reportLoss(name: string): (err: Error) => void {
  return (err) => void process.stderr.write(`[bench] connection ${name} lost: ${err.message}\n`);
}

export function servicePool(url: string, max: number, extra: PoolConfig = {}): Pool {
  const pool = new Pool({ connectionString: url, max, types: serviceTypes(), application_name: 'bench', ...extra });
  pool.on('connect', (client) => {
    client.query(SESSION).catch(() => undefined);
  });
  pool.on('error', reportLoss(`${extra.application_name ?? 'bench'} (pooled, idle)`));
  return pool;
}

export async function serviceClient(url: string, applicationName = 'bench-raw'): Promise<Client> {
  const client = new Client({ connectionString: url, types: serviceTypes(), application_name: applicationName });
  client.on('error', reportLoss(applicationName));
  await client.connect();
  await client.query(SESSION);
  return client;
}

/** The same server, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The bench server (DATABASE_URL's, or the embedded one in .data/bench), opened on `database`. */
export async function benchServer(database: string): Promise<{ url: string; release: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    await ensureDatabase(process.env.DATABASE_URL, database);
    return { url: withDatabase(process.env.DATABASE_URL, database), release: async () => undefined };
  }
  const db = await startEmbeddedPostgres({ dataDir: join(__dirname, '../../.data/bench'), port: 0, database, log: () => undefined });
  return { url: db.url, release: db.release };
}
