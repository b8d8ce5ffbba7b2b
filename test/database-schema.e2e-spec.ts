import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { APP_GUARD, NestFactory, RouterModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { Dataset } from '@nomina-api/importer/dataset.types';
import { NominaModule } from '@nomina-api/nomina';
import { migrateDatabase } from '@nomina-api/platform/persistence';
import { ProveedoresModule } from '@nomina-api/proveedores';
import { APP_SCHEMA } from '../apps/api/src/database/schema';
import { migrateAndLoad } from '../apps/api/src/database/load-datasets';
import { PlatformAuthAdapter, PlatformAuthGuard } from '../examples/host-platform/src/host-auth';
import { dropDatabase, freshDatabase, runScoped } from './support/test-database';
import { createTestApp, expectProblem, get, login } from './support/test-app';

/** DATABASE_SCHEMA / the `schema` option: two mounts in one database, each in its own schema. */
const ANDINA = '0ee9a9bb-2b87-43f0-82f5-d431917734f8';
const ANA = 'd1999f37-15c4-4b46-b9a9-406b67f936c5';
const SEDE_NORTE = '3a2b51cd-ba4b-4dc8-8437-d3cfa4b48f6f';
const asAna = { 'x-plataforma-usuario': `${ANDINA}:${ANA}:${SEDE_NORTE}` };
const DB = 'nomina_test_schemas';

describe('Tables in a schema of their own (e2e)', () => {
  let url: string;
  const sql = async <R>(text: string, values: unknown[] = []): Promise<R[]> => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as R[];
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    url = await freshDatabase(process.env.TEST_PG_ADMIN_URL!, runScoped(DB));
    const data = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'example-dataset.json'), 'utf8')) as Dataset;
    // Data in mount_a only; mount_b is migrated and empty.
    await migrateAndLoad(url, [data], 'mount_a');
    await migrateDatabase(url, APP_SCHEMA, { dbSchema: 'mount_b' });
  });
  afterAll(async () => {
    await dropDatabase(process.env.TEST_PG_ADMIN_URL!, DB);
  });

  it('puts every table, index, function and the migrations table in the schema, none in public', async () => {
    const relations = await sql<{ nspname: string; n: string }>(
      `select n.nspname, count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'mount_a', 'mount_b') group by n.nspname order by 1`,
    );
    const count = Object.fromEntries(relations.map((r) => [r.nspname, Number(r.n)]));
    expect(count.public).toBeUndefined();
    expect(count.mount_a).toBeGreaterThan(28);
    expect(count.mount_b).toBe(count.mount_a);
    const tables = await sql<{ schemaname: string }>(`select schemaname from pg_tables where tablename = 'schema_migrations' order by 1`);
    expect(tables.map((t) => t.schemaname)).toEqual(['mount_a', 'mount_b']);
    // Our functions live beside the tables; public keeps only the extensions' own.
    const functions = await sql<{ nspname: string }>(
      `select n.nspname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'mount_a', 'mount_b')
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );
    expect(functions.length).toBeGreaterThan(0);
    expect(functions.filter((f) => f.nspname === 'public')).toEqual([]);
    const extensions = await sql<{ extname: string; nspname: string }>(
      `select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql' order by 1`,
    );
    expect(extensions).toEqual([
      { extname: 'btree_gin', nspname: 'public' },
      { extname: 'pg_trgm', nspname: 'public' },
      { extname: 'unaccent', nspname: 'public' },
    ]);
  });

  function hostModule(schema: string): new () => unknown {
    @Module({
      imports: [
        CqrsModule.forRoot(),
        NominaModule.forRoot({ auth: PlatformAuthAdapter, database: { url, poolMax: 2 }, schema }),
        ProveedoresModule.forRoot({ auth: PlatformAuthAdapter, database: { url, poolMax: 2 }, schema }),
        RouterModule.register([
          { path: 'nomina', module: NominaModule },
          { path: 'proveedores', module: ProveedoresModule },
        ]),
      ],
      providers: [{ provide: APP_GUARD, useClass: PlatformAuthGuard }],
    })
    class SchemaHostModule {}
    return SchemaHostModule;
  }

  it('two mounts with different schemas in one database do not see each other', async () => {
    const start = async (schema: string): Promise<NestFastifyApplication> => {
      const app = await NestFactory.create<NestFastifyApplication>(hostModule(schema), new FastifyAdapter(), { logger: false });
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      return app;
    };
    const [a, b] = [await start('mount_a'), await start('mount_b')];
    try {
      const pagos = await get(a, '/nomina/pagos?params[estados]=PG', undefined, asAna);
      expect(pagos.status).toBe(200);
      expect(pagos.json().contenido.length).toBeGreaterThan(0);
      // The accent- and case-insensitive filter (app_fold in mount_a, unaccent in public).
      const accented = await get(a, '/nomina/empleados?filter=P%C3%A9rez', undefined, asAna);
      expect(accented.status).toBe(200);
      expect(accented.json().total).toBeGreaterThan(0);
      expect((await get(a, '/nomina/empleados?filter=PEREZ', undefined, asAna)).json().total).toBe(accented.json().total);
      expect((await get(a, '/proveedores/proveedor', undefined, asAna)).status).toBe(200);
      expectProblem(await get(b, '/nomina/pagos?params[estados]=PG', undefined, asAna), 401);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('DATABASE_SCHEMA puts the standalone service on that schema', async () => {
    const a = await createTestApp({ DATABASE_SCHEMA: 'mount_a' }, url);
    const b = await createTestApp({ DATABASE_SCHEMA: 'mount_b' }, url);
    try {
      const token = await login(a, 'ana.gomez@andina.example.co', 'a9jJ8y8Tcb#12');
      expect((await get(a, '/pagos?params[estados]=PG&size=1', token)).json().contenido).toHaveLength(1);
      expect((await get(a, '/health/ready')).status).toBe(200);
      expect((await get(b, '/health/ready')).status).toBe(200);
      expectProblem(await get(b, '/pagos?params[estados]=PG&size=1', token), 401);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
