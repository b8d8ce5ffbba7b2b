import { Client } from 'pg';
import { acquireDatabase, type DatabaseSelection, recreateDatabase } from '@nomina-api/platform/persistence';

/**
 * The test suite's database server: the embedded PostgreSQL in .data/test, or the server of
 * DATABASE_URL when set. Tests never use the database named in DATABASE_URL itself: they work in
 * databases they create (`nomina_test_*`) and drop, so a real database is never touched.
 */
export const TEST_DATA_DIR = `${__dirname}/../../.data/test`;

export interface TestServer {
  /** URL of the server's maintenance database (used to create/drop test databases). */
  adminUrl: string;
  release(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer & { selection: DatabaseSelection }> {
  const selection = await acquireDatabase(
    { databaseUrl: process.env.DATABASE_URL || undefined, dataDir: TEST_DATA_DIR, embeddedPgPort: 0 },
    () => undefined,
    { database: 'postgres', fastInit: true },
  );
  return { adminUrl: selection.url, selection, release: () => selection.release() };
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Test databases carry the run's id (the jest parent pid) so concurrent `npm test` runs on one
 * machine never drop each other's databases; the teardown drops the run's own, and the setup
 * drops those of runs that are gone.
 */
export function runScoped(name: string): string {
  const run = process.env.TEST_RUN_ID ?? String(process.pid);
  return `${name}_r${run}`;
}

const TEST_DB = /^nomina_test[a-z0-9_]*$/;

/** Drops and recreates a database whose name must start with nomina_test (a guard against accidents). */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  if (!TEST_DB.test(name)) throw new Error(`Refusing to recreate "${name}": test databases are named nomina_test*.`);
  await recreateDatabase(adminUrl, name);
  return databaseUrl(adminUrl, name);
}

/** Drops this run's test databases (which), or those of runs whose process is gone (stale). */
export async function dropRunDatabases(adminUrl: string, which: 'own' | 'stale'): Promise<void> {
  const own = process.env.TEST_RUN_ID ?? String(process.pid);
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'nomina\\_test%'`);
    for (const { datname } of rows) {
      const run = /_r(\d+)$/.exec(datname)?.[1];
      if (!run || !TEST_DB.test(datname)) continue;
      const drop = which === 'own' ? run === own : run !== own && !isAlive(Number(run));
      if (drop) await client.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A database of its own for a suite that needs hand-made data: recreated, migrated and loaded
 * with the given datasets (import format). Needs the global setup's server (TEST_PG_ADMIN_URL).
 */
export async function seedDatabase(name: string, datasets: import('@nomina-api/importer/dataset.types').Dataset[]): Promise<string> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run the tests through jest (global setup).');
  const { migrateAndLoad } = await import('../../apps/api/src/database/load-datasets');
  const url = await freshDatabase(adminUrl, runScoped(name));
  await migrateAndLoad(url, datasets);
  return url;
}

/** Drops a suite's own database early (by the name given to seedDatabase). */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const scoped = runScoped(name);
  if (!TEST_DB.test(scoped)) return;
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${scoped}" with (force)`);
  } finally {
    await client.end();
  }
}
