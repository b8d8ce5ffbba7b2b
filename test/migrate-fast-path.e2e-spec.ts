import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { APP_MIGRATIONS } from '../apps/api/src/database/migrations';
import { migrateDatabase } from '@nomina-api/platform/database';
import { exampleDataset } from '../scripts/lib/environment';
import { CONCEPTO_ROLLUP_DIFF } from './support/merge-compare';
import { dropDatabase, freshDatabase, runScoped, seedDatabase } from './support/test-database';

/**
 * The import CLI's start (docs/IMPORT.md, what a merge costs): a current schema is answered with one
 * query, without loading Nest, MikroORM or knex; a pending migration still loads them and is applied.
 * Each run is a process of its own (test/support/migrate-probe.ts), whose require cache tells what it loaded.
 */
const ROOT = join(__dirname, '..');
const DB = 'nomina_test_migrate_fast';
const LAST = 'Migration20261129100000_nomina_concepto_anual_lineas';
const SEEDED = 'nomina_test_migrate_backfill';

interface Probe {
  loadedBefore: string[];
  applied: string[];
  loadedAfter: string[];
}

async function probe(url: string): Promise<Probe> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'tools/run-ts.js'), join(ROOT, 'test/support/migrate-probe.ts'), url],
    {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as Probe;
}

describe('Migrating a current schema (e2e)', () => {
  let url: string;
  beforeAll(async () => {
    url = await freshDatabase(process.env.TEST_PG_ADMIN_URL!, runScoped(DB));
    // Every migration but one: the probe's first run finds it pending.
    await migrateDatabase(url, { migrations: APP_MIGRATIONS.filter((m) => m.name !== LAST) });
  });
  afterAll(async () => {
    await dropDatabase(process.env.TEST_PG_ADMIN_URL!, DB);
  });

  it('applies a pending migration with MikroORM, then answers a current schema without loading it', async () => {
    const pending = await probe(url);
    // The import CLI's own modules load none of them; the migrator does.
    expect(pending.loadedBefore).toEqual([]);
    expect(pending.applied).toEqual([LAST]);
    expect(pending.loadedAfter).toEqual(expect.arrayContaining(['@mikro-orm/core', '@mikro-orm/migrations', 'knex']));
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ c: string }>(
        `select column_name as c from information_schema.columns where table_name = 'vinculacion_concepto_anual' and column_name = 'lineas'`,
      );
      expect(rows.map((r) => r.c)).toEqual(['lineas']);
    } finally {
      await client.end();
    }

    expect(await probe(url)).toEqual({ loadedBefore: [], applied: [], loadedAfter: [] });
  });

  it('counts the lines of the per-concept rollup rows of a database imported before the column existed', async () => {
    const seeded = await seedDatabase(SEEDED, [exampleDataset()]);
    const client = new Client({ connectionString: seeded });
    await client.connect();
    try {
      // The database as the migration before LAST left it, with its data.
      await client.query(`alter table vinculacion_concepto_anual drop column lineas`);
      await client.query(`delete from schema_migrations where name = $1`, [LAST]);
      expect(await migrateDatabase(seeded, { migrations: APP_MIGRATIONS })).toEqual([LAST]);
      expect((await client.query<{ n: number }>(CONCEPTO_ROLLUP_DIFF)).rows[0].n).toBe(0);
      const { rows } = await client.query<{ n: number; max: number }>(
        'select count(*)::int as n, max(lineas) as max from vinculacion_concepto_anual',
      );
      expect(rows[0].n).toBeGreaterThan(0);
      expect(rows[0].max).toBeGreaterThan(1);
      // No default: a writer that forgets the count fails.
      const { rows: columns } = await client.query<{ d: string | null }>(
        `select column_default as d from information_schema.columns where table_name = 'vinculacion_concepto_anual' and column_name = 'lineas'`,
      );
      expect(columns).toEqual([{ d: null }]);
    } finally {
      await client.end();
      await dropDatabase(process.env.TEST_PG_ADMIN_URL!, SEEDED);
    }
  });
});
