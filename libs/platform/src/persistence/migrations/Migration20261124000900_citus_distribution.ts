import { Migration } from '@mikro-orm/migrations';

/**
 * Ready for Citus (issue #14): when the `citus` extension is installed in this database, the
 * tenant tables are distributed by tenant_id, all co-located, and the global tables become
 * reference tables. Without Citus it does nothing. It runs after every context's migrations
 * (apps/api/src/database/schema.ts puts it last) and reads the tables from the catalog, so a
 * context table added later is covered by calling `select app_distribute_by_tenant()` again.
 *
 * `app_citus_plan()` returns the statements, in order, and needs no Citus: the tests execute it
 * against stand-ins of the Citus functions; docs/SCALING.md reviews it.
 */
export const CITUS_FUNCTIONS_SQL = `
create or replace function app_citus_plan() returns table (step int, statement text)
language plpgsql stable as $plan$
declare
  -- Global tables: looked up before a tenant is known, or shared by every tenant.
  reference_tables text[] := array['tenant', 'login_directory'];
  local_only text[] := array['login_limit', 'schema_migrations'];
  remaining text[];
  done text[] := '{}';
  ready text[];
  first_table text;
  n int := 0;
  t text;
begin
  select coalesce(array_agg(c.relname::text order by c.relname), '{}') into remaining
    from pg_class c
   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
     and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
     and c.relname <> all (reference_tables || local_only);

  -- A reference table cannot point at a distributed one: the e-mail directory keeps its
  -- pointer (tenant_id, usuario_id) without the foreign key; the importer maintains both.
  for t in
    select con.conname from pg_constraint con
     where con.conrelid = 'public.login_directory'::regclass and con.contype = 'f'
  loop
    n := n + 1; step := n; statement := format('alter table login_directory drop constraint %I', t); return next;
  end loop;
  -- Generated columns and indexes call it on the workers.
  if to_regprocedure('public.app_fold(text)') is not null then
    n := n + 1; step := n; statement := $s$select create_distributed_function('public.app_fold(text)')$s$; return next;
  end if;
  foreach t in array reference_tables loop
    if to_regclass('public.' || t) is not null then
      n := n + 1; step := n; statement := format('select create_reference_table(%L)', 'public.' || t); return next;
    end if;
  end loop;

  -- Distributed tables in foreign-key order: a table goes once every tenant table it references has.
  while cardinality(remaining) > 0 loop
    select coalesce(array_agg(r order by r), '{}') into ready
      from unnest(remaining) r
     where not exists (
       select 1 from pg_constraint con
        where con.contype = 'f' and con.conrelid = ('public.' || r)::regclass
          and con.confrelid::regclass::text = any(remaining) and con.confrelid::regclass::text <> r);
    if cardinality(ready) = 0 then
      raise exception 'app_citus_plan: ciclo de claves foráneas entre %', remaining;
    end if;
    foreach t in array ready loop
      n := n + 1; step := n;
      statement := case when first_table is null
        then format('select create_distributed_table(%L, %L)', 'public.' || t, 'tenant_id')
        else format('select create_distributed_table(%L, %L, colocate_with => %L)', 'public.' || t, 'tenant_id', 'public.' || first_table) end;
      return next;
      first_table := coalesce(first_table, t);
    end loop;
    remaining := array(select r from unnest(remaining) r where r <> all (ready));
  end loop;
end
$plan$;

create or replace function app_distribute_by_tenant() returns int
language plpgsql as $run$
declare
  s record;
  n int := 0;
begin
  if not exists (select 1 from pg_extension where extname = 'citus') then
    return 0;
  end if;
  for s in select * from app_citus_plan() order by step loop
    -- Already done by an earlier run: each table is distributed or referenced once.
    if s.statement like 'select create_%_table(%' and exists (
      select 1 from pg_dist_partition where logicalrelid = (substring(s.statement from $re$'([^']+)'$re$))::regclass) then
      continue;
    end if;
    execute s.statement;
    n := n + 1;
  end loop;
  return n;
end
$run$`;

export class Migration20261124000900_citus_distribution extends Migration {
  override async up(): Promise<void> {
    this.addSql(CITUS_FUNCTIONS_SQL);
    this.addSql(`select app_distribute_by_tenant()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists app_distribute_by_tenant(), app_citus_plan()`);
  }
}
