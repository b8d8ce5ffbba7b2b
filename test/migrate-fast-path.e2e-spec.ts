import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { APP_MIGRATIONS } from '../apps/api/src/database/migrations';
import { migrateDatabase } from '@nomina-api/platform/database';
import { dropDatabase, freshDatabase, runScoped } from './support/test-database';

/**
 * The import CLI's start (docs/IMPORT.md, what a merge costs): a current schema is answered with one
 * query, without loading Nest, MikroORM or knex; a pending migration still loads them and is applied.
 * Each run is a process of its own (test/support/migrate-probe.ts), whose require cache tells what it loaded.
 */
const ROOT = join(__dirname, '..');
const DB = 'nomina_test_migrate_fast';
const LAST = 'Migration20261128500000_nomina_concepto_anual';

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
      const { rows } = await client.query<{ t: string | null }>(`select to_regclass('vinculacion_concepto_anual')::text as t`);
      expect(rows[0].t).toBe('vinculacion_concepto_anual');
    } finally {
      await client.end();
    }

    expect(await probe(url)).toEqual({ loadedBefore: [], applied: [], loadedAfter: [] });
  });
});
