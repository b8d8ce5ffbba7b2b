import { Client } from 'pg';
import { acquireDatabase, type DatabaseSelection } from '@app/platform/persistence/database';
import { ensureDatabase } from '@app/platform/persistence/embedded-postgres';

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

/** Drops and recreates a database whose name must start with nomina_test (a guard against accidents). */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^nomina_test[a-z0-9_]*$/.test(name)) throw new Error(`Refusing to recreate "${name}": test databases are named nomina_test*.`);
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
  await ensureDatabase(adminUrl, name);
  return databaseUrl(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^nomina_test[a-z0-9_]*$/.test(name)) return;
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for a suite that needs hand-made data: recreated, migrated and loaded
 * with the given datasets (import format). Needs the global setup's server (TEST_PG_ADMIN_URL).
 */
export async function seedDatabase(name: string, datasets: import('@app/importer/dataset.types').Dataset[]): Promise<string> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run the tests through jest (global setup).');
  const { migrateDatabase } = await import('@app/platform/persistence/database');
  const { APP_SCHEMA } = await import('../../apps/api/src/database/schema');
  const { loadDataset } = await import('@app/importer/load-dataset');
  const url = await freshDatabase(adminUrl, name);
  await migrateDatabase(url, APP_SCHEMA);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const data of datasets) await loadDataset(client, data, { replace: false });
  } finally {
    await client.end();
  }
  return url;
}
