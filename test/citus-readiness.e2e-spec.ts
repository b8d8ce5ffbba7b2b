import { Client } from 'pg';
import { GLOBAL_TABLES } from './support/tenant-tables';
import { dropDatabase, seedDatabase } from './support/test-database';

/**
 * Issue #14 (5): ready for a distributed PostgreSQL (Citus) sharded by tenant_id. Read from the
 * migrated test database's catalog, so a future migration that breaks a rule fails here.
 */

describe('Citus readiness: keys of the tenant tables (e2e)', () => {
  let db: Client;
  beforeAll(async () => {
    db = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
  });

  const tenantTables = async (): Promise<string[]> =>
    (
      await db.query<{ t: string }>(
        `select c.relname as t from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`,
      )
    ).rows
      .map((r) => r.t)
      .filter((t) => !GLOBAL_TABLES.includes(t));

  it('finds the tenant tables', async () => {
    const tables = await tenantTables();
    expect(tables).toEqual(expect.arrayContaining(['usuario', 'negocio', 'pago', 'pago_empleado', 'empleado']));
  });

  it('every primary key and unique index of a tenant table starts with tenant_id', async () => {
    const tables = await tenantTables();
    const { rows } = await db.query<{ table: string; index: string; first: string }>(
      `select c.relname as table, i.indexrelid::regclass::text as index, a.attname as first
         from pg_index i
         join pg_class c on c.oid = i.indrelid
         left join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
        where c.relnamespace = 'public'::regnamespace and i.indisunique and c.relname = any($1)`,
      [tables],
    );
    expect(rows.length).toBeGreaterThanOrEqual(tables.length);
    expect(rows.filter((r) => r.first !== 'tenant_id').map((r) => `${r.table}: ${r.index}`)).toEqual([]);
    const withoutPk = await db.query<{ t: string }>(
      `select c.relname as t from pg_class c where c.relname = any($1) and c.relnamespace = 'public'::regnamespace
          and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary)`,
      [tables],
    );
    expect(withoutPk.rows).toEqual([]);
  });

  it('every foreign key between tenant tables pairs tenant_id with tenant_id', async () => {
    const tables = await tenantTables();
    const { rows } = await db.query<{ name: string; from: string; to: string; cols: string[]; refcols: string[] }>(
      `select con.conname as name, con.conrelid::regclass::text as from, con.confrelid::regclass::text as to,
              (select array_agg(a.attname::text order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as cols,
              (select array_agg(a.attname::text order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as refcols
         from pg_constraint con
        where con.contype = 'f' and con.connamespace = 'public'::regnamespace`,
    );
    const between = rows.filter((r) => tables.includes(r.from) && tables.includes(r.to));
    expect(between.length).toBeGreaterThan(5);
    const bad = between.filter((r) => r.cols.indexOf('tenant_id') < 0 || r.refcols[r.cols.indexOf('tenant_id')] !== 'tenant_id');
    expect(bad.map((r) => `${r.from} -> ${r.to} (${r.name})`)).toEqual([]);
    // A tenant table may point at the tenant row itself (tenant_id -> tenant.id, co-located under
    // Citus) but at no other global table.
    const toGlobal = rows.filter(
      (r) => tables.includes(r.from) && GLOBAL_TABLES.includes(r.to) && !(r.to === 'tenant' && r.cols.join() === 'tenant_id'),
    );
    expect(toGlobal.map((r) => `${r.from} -> ${r.to} (${r.name})`)).toEqual([]);
  });
});

describe('Citus readiness: the distribution migration (e2e)', () => {
  const DB = 'nomina_test_citus';
  let db: Client;
  beforeAll(async () => {
    db = new Client({ connectionString: await seedDatabase(DB, []) });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    if (process.env.TEST_PG_ADMIN_URL) await dropDatabase(process.env.TEST_PG_ADMIN_URL, DB);
  });

  it('is applied and inert without the citus extension', async () => {
    expect((await db.query(`select 1 from schema_migrations where name = 'Migration20261124000900_citus_distribution'`)).rowCount).toBe(1);
    expect((await db.query(`select 1 from pg_extension where extname = 'citus'`)).rowCount).toBe(0);
    expect((await db.query(`select app_distribute_by_tenant() as n`)).rows[0].n).toBe(0);
    // Nothing changed: the directory keeps its foreign key.
    expect((await db.query(`select 1 from pg_constraint where conrelid = 'login_directory'::regclass and contype = 'f'`)).rowCount).toBe(1);
  });

  it('its plan runs against stand-ins of the Citus functions: every tenant table distributed by tenant_id, co-located, in foreign-key order', async () => {
    await db.query('begin');
    try {
      // Same names and parameter names as Citus 12's functions; they only record the call.
      await db.query(`
        create temp table citus_calls (seq serial, fn text, tbl text, col text, colocate text);
        create function public.create_distributed_table(table_name regclass, distribution_column text, colocate_with text default 'default') returns void
          language sql as $$ insert into citus_calls (fn, tbl, col, colocate) values ('distributed', table_name::text, distribution_column, colocate_with) $$;
        create function public.create_reference_table(table_name regclass) returns void
          language sql as $$ insert into citus_calls (fn, tbl) values ('reference', table_name::text) $$;
        create function public.create_distributed_function(function_name regprocedure) returns void
          language sql as $$ insert into citus_calls (fn, tbl) values ('function', function_name::text) $$;`);
      const plan = (await db.query<{ statement: string }>('select statement from app_citus_plan() order by step')).rows;
      for (const { statement } of plan) await db.query(statement);
      const calls = (
        await db.query<{ fn: string; tbl: string; col: string | null; colocate: string | null }>(
          'select fn, tbl, col, colocate from citus_calls order by seq',
        )
      ).rows;

      expect(calls.filter((c) => c.fn === 'reference').map((c) => c.tbl)).toEqual(['tenant', 'login_directory']);
      expect(calls.filter((c) => c.fn === 'function').map((c) => c.tbl)).toEqual(['app_fold(text)']);
      const distributed = calls.filter((c) => c.fn === 'distributed');
      const tenantTables = (
        await db.query<{ t: string }>(
          `select c.relname as t from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id'
            where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and c.relname <> all ($1) order by 1`,
          [GLOBAL_TABLES],
        )
      ).rows.map((r) => r.t);
      expect(distributed.map((c) => c.tbl).sort()).toEqual(tenantTables);
      expect(distributed.every((c) => c.col === 'tenant_id')).toBe(true);
      expect(distributed[0].colocate).toBe('default');
      expect(distributed.slice(1).every((c) => c.colocate === `public.${distributed[0].tbl}`)).toBe(true);
      // A referenced table is distributed before the tables that point at it.
      const position = new Map(distributed.map((c, i) => [c.tbl, i]));
      const fks = (
        await db.query<{ from: string; to: string }>(
          `select conrelid::regclass::text as from, confrelid::regclass::text as to from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
        )
      ).rows.filter((f) => position.has(f.from) && position.has(f.to) && f.from !== f.to);
      expect(fks.length).toBeGreaterThan(5);
      expect(fks.filter((f) => position.get(f.to)! > position.get(f.from)!)).toEqual([]);
      // The reference directory no longer points at a distributed table.
      expect((await db.query(`select 1 from pg_constraint where conrelid = 'login_directory'::regclass and contype = 'f'`)).rowCount).toBe(
        0,
      );
    } finally {
      await db.query('rollback');
    }
  });
});
