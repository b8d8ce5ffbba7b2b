import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { loadDataset } from '@nomina-api/importer/load-dataset';
import { mergeDataset, tenantChanged } from '@nomina-api/importer/merge/merge-dataset';
import { readDatasetFile } from '@nomina-api/importer/stream/read-dataset';
import { DatabasePrerequisitesError, migrateDatabase } from '@nomina-api/platform/persistence';
import { APP_SCHEMA } from '../apps/api/src/database/schema';
import { dropDatabase, freshDatabase, runScoped } from './support/test-database';
import { createTestApp, get, login } from './support/test-app';

/**
 * The service under least privilege (docs/OPERATIONS.md, "Privileges and extensions"): a migration
 * role without CREATE on the database, a read role with SELECT only (plus the e-payroll sequence).
 */
const DB = 'nomina_test_leastpriv';
const DBA_LINE =
  'CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public; CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public; CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA public;';

describe('Least-privilege roles (e2e)', () => {
  const adminUrl = process.env.TEST_PG_ADMIN_URL!;
  const migrator = runScoped('nomina_test_migrator');
  const reader = runScoped('nomina_test_reader');
  const password = randomBytes(12).toString('hex');
  let dbaUrl: string;
  const as = (role: string): string => {
    const url = new URL(dbaUrl);
    url.username = role;
    url.password = password;
    return url.toString();
  };
  const run = async (url: string, ...statements: string[]): Promise<void> => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      for (const sql of statements) await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    dbaUrl = await freshDatabase(adminUrl, runScoped(DB));
    await run(adminUrl, `drop role if exists ${migrator}`, `drop role if exists ${reader}`);
    // What a DBA grants: connect, and the tables' schema; no CREATE on the database, no superuser.
    await run(
      adminUrl,
      `create role ${migrator} login password '${password}' nosuperuser nocreatedb nocreaterole`,
      `create role ${reader} login password '${password}' nosuperuser nocreatedb nocreaterole`,
    );
    await run(
      dbaUrl,
      `revoke create on database ${runScoped(DB)} from public`,
      `grant usage, create on schema public to ${migrator}`,
      `grant usage on schema public to ${reader}`,
      `alter default privileges for role ${migrator} in schema public grant select on tables to ${reader}`,
    );
  });
  afterAll(async () => {
    await dropDatabase(adminUrl, DB);
    await run(adminUrl, `drop role if exists ${migrator}`, `drop role if exists ${reader}`);
  });

  it('migrating without the extensions fails, naming each missing one and the one line a DBA runs', async () => {
    const failure = await migrateDatabase(as(migrator), APP_SCHEMA).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(DatabasePrerequisitesError);
    const err = failure as DatabasePrerequisitesError;
    expect(err.missing).toEqual(['extensión unaccent', 'extensión pg_trgm', 'extensión btree_gin']);
    expect(err.sql).toBe(DBA_LINE);
    expect(err.message).toContain(`un administrador (DBA) debe ejecutar una vez:\n  ${DBA_LINE}`);
    // Nothing was created: no half-migrated database.
    await run(dbaUrl, `select 1`);
    const client = new Client({ connectionString: dbaUrl });
    await client.connect();
    const { rows } = await client.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`).finally(() => client.end());
    expect(rows[0].n).toBe(0);
  });

  it('after the DBA line, the migration role migrates; the read role serves reads', async () => {
    await run(dbaUrl, DBA_LINE);
    const applied = await migrateDatabase(as(migrator), APP_SCHEMA);
    expect(applied.length).toBe(APP_SCHEMA.migrations.length);
    expect(await migrateDatabase(as(migrator), APP_SCHEMA)).toEqual([]);
    const data = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;
    const client = new Client({ connectionString: as(migrator) });
    await client.connect();
    await loadDataset(client, data, { replace: false }).finally(() => client.end());
    // A merge needs nothing more: it stages in temporary tables (TEMPORARY, PostgreSQL's default grant on a database).
    const andina = data.tenants[0];
    const file = join(mkdtempSync(join(tmpdir(), 'least-privilege-')), 'merge.json');
    writeFileSync(
      file,
      JSON.stringify({
        tenants: [{ uuid: andina.uuid, nit: andina.nit, nombre: andina.nombre, activo: andina.activo, categorias: andina.categorias }],
      }),
    );
    const merging = new Client({ connectionString: as(migrator) });
    await merging.connect();
    const merged = await mergeDataset(merging, await readDatasetFile(file), { dryRun: false }).finally(() => merging.end());
    expect({ problems: merged.problems, changed: merged.tenants.map(tenantChanged) }).toEqual({ problems: [], changed: [false] });
    // The service's writes, exactly as docs/OPERATIONS.md lists them: the login limiter's counters
    // and the e-payroll numbering (its numbers, the record of each block, the data version).
    await run(
      dbaUrl,
      `grant insert, update, delete on login_limit to ${reader}`,
      `grant insert, update on nomina_electronica_secuencia, nomina_electronica_bloque, tenant_data_version to ${reader}`,
      `grant usage on sequence tenant_data_version_seq to ${reader}`,
    );

    const app = await createTestApp({}, as(reader));
    try {
      expect((await get(app, '/health/ready')).status).toBe(200);
      const token = await login(app, 'ana.gomez@andina.example.co', 'a9jJ8y8Tcb#12');
      const pagos = await get(app, '/pagos?params[estados]=PG&size=1', token);
      expect(pagos.status).toBe(200);
      expect(pagos.json().contenido).toHaveLength(1);
      // The numbering writes with those grants only, and replays its block by its key.
      const key = { 'idempotency-key': 'least-privilege-1' };
      const first = await get(app, '/pagos/nominaelectronica/2023/3', token, key);
      expect(first.status).toBe(200);
      expect(first.json().contenido.length).toBeGreaterThan(0);
      const replay = await get(app, '/pagos/nominaelectronica/2023/3', token, key);
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotency-replayed']).toBe('true');
      expect(replay.body).toBe(first.body);
    } finally {
      await app.close();
    }
    // Read-only indeed: the read role cannot change a table.
    await expect(run(as(reader), `delete from tenant`)).rejects.toThrow(/permission denied/);
  });
});
