/*
 * The database tools/check-packages.js gives the example host's tests: the embedded PostgreSQL of
 * .data/package-check (or DATABASE_URL's server), a fresh `nomina_test_packages` database with the
 * contract's example dataset. Prints `DATABASE_URL=<url>` and keeps the server until stdin closes.
 * Run with `node tools/run-ts.js tools/package-check-db.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { acquireDatabase, recreateDatabase } from '@nomina-api/platform/persistence';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { migrateAndLoad } from '../apps/api/src/database/load-datasets';

async function main(): Promise<void> {
  const root = join(__dirname, '..');
  const server = await acquireDatabase(
    { databaseUrl: process.env.DATABASE_URL || undefined, dataDir: join(root, '.data', 'package-check'), embeddedPgPort: 0 },
    () => undefined,
    { database: 'postgres', fastInit: true },
  );
  const name = `nomina_test_packages_${process.pid}`;
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  try {
    await recreateDatabase(server.url, name);
    const data = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;
    await migrateAndLoad(url.toString(), [data]);
    process.stdout.write(`DATABASE_URL=${url.toString()}\n`);
    await new Promise<void>((resolve) => {
      process.stdin.on('end', resolve).on('close', resolve).resume();
    });
  } finally {
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: server.url });
    await admin
      .connect()
      .then(() => admin.query(`drop database if exists "${name}" with (force)`))
      .finally(() => admin.end());
    await server.release();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
