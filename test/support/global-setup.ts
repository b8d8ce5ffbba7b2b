// Outside jest's sandbox moduleNameMapper does not apply: resolve the aliases for this file's imports.
import '../../tools/register-aliases';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateDatabase } from '@nomina-api/platform/persistence';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { APP_SCHEMA } from '../../apps/api/src/database/schema';
import { dropRunDatabases, freshDatabase, runScoped, startTestServer, type TestServer } from './test-database';

declare global {
  var __TEST_SERVER__: TestServer | undefined;
}

/**
 * Once per `npm test`: start (or reach) PostgreSQL, build the shared e2e database from the
 * contract's example dataset (three tenants), and hand its URL to the test workers.
 */
export default async function globalSetup(): Promise<void> {
  const server = await startTestServer();
  globalThis.__TEST_SERVER__ = server;
  process.env.TEST_PG_ADMIN_URL = server.adminUrl;
  process.env.TEST_RUN_ID = String(process.pid);
  await dropRunDatabases(server.adminUrl, 'stale');
  const url = await freshDatabase(server.adminUrl, runScoped('nomina_test'));
  await migrateDatabase(url, APP_SCHEMA);
  const data = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;
  const { loadDataset } = await import('@nomina-api/importer/load-dataset');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await loadDataset(client, data, { replace: false });
  } finally {
    await client.end();
  }
  process.env.TEST_DATABASE_URL = url;
  // MikroORM keeps entity metadata on globalThis; left here it leaks into the test sandboxes as
  // objects of another realm ("Map.prototype.set called on incompatible receiver", MikroORM #3783).
  for (const key of Object.keys(globalThis)) if (key.startsWith('mikro-orm-')) delete (globalThis as Record<string, unknown>)[key];
}
