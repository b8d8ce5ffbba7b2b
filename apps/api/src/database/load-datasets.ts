import { Client } from 'pg';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { loadDataset } from '@nomina-api/importer/load-dataset';
import { migrateDatabase, searchPath } from '@nomina-api/platform/persistence';
import { APP_SCHEMA } from './schema';

/**
 * Migrates the (fresh) database at `url` to the app's schema and imports the datasets, each in its
 * own import transaction: the seeding of test and reliability-script databases.
 */
export async function migrateAndLoad(url: string, datasets: readonly Dataset[], dbSchema = 'public'): Promise<void> {
  await migrateDatabase(url, APP_SCHEMA, { dbSchema });
  const client = new Client({ connectionString: url, options: `-c search_path=${searchPath(dbSchema)}` });
  await client.connect();
  try {
    for (const data of datasets) await loadDataset(client, data, { replace: false });
  } finally {
    await client.end();
  }
}
