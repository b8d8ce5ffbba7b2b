import { type Changes, type MergeContext, noChanges, stageTables, symmetricDifferenceSql } from '@nomina-api/platform/persistence';
import type { Ubicacion } from './dataset.types';
import { FAMILIES, proveedorKey } from './load-proveedores';
import { PROVEEDORES_COLUMNS as COLUMNS } from './tables';

/**
 * A merge of suppliers (CONTRACT §6): a supplier (identificacion + ubicacion) replaces the stored
 * one with its establishments when anything differs, is inserted when new, removed when listed in
 * `eliminar.proveedores`. The file's suppliers were staged by loadProveedores (STAGED).
 */

export async function stageProveedores(ctx: MergeContext): Promise<void> {
  await stageTables(
    ctx.client,
    Object.values(FAMILIES).flatMap((t) => [t, `${t}_establecimiento`]),
  );
}

const list = (table: keyof typeof COLUMNS, alias?: string): string => COLUMNS[table].map((c) => (alias ? `${alias}.${c}` : c)).join(', ');

export async function mergeProveedores(ctx: MergeContext, eliminar: { identificacion: string; ubicacion: Ubicacion }[]): Promise<Changes> {
  const changes = noChanges();
  for (const [ubicacion, head] of Object.entries(FAMILIES) as [Ubicacion, (typeof FAMILIES)[Ubicacion]][]) {
    const sites = `${head}_establecimiento` as const;
    const removed = eliminar.filter((e) => e.ubicacion === ubicacion).map((e) => proveedorKey(e.identificacion));
    const family = await mergeFamily(ctx, head, sites, removed);
    changes.insertados += family.insertados;
    changes.reemplazados += family.reemplazados;
    changes.eliminados += family.eliminados;
  }
  return changes;
}

async function mergeFamily(
  ctx: MergeContext,
  head: 'proveedor' | 'proveedor_entrada',
  sites: 'proveedor_establecimiento' | 'proveedor_entrada_establecimiento',
  removed: string[],
): Promise<Changes> {
  const { client, tenantKey } = ctx;
  const actions = `merge_${head}_cambio`;
  await client.query(
    `create temp table if not exists ${actions} (identificacion varchar(20) collate "C" primary key, accion char(1) not null) on commit drop`,
  );
  await client.query(`truncate ${actions}`);
  await client.query(
    `insert into ${actions} select s.identificacion, 'N' from merge_${head} s
      where not exists (select 1 from ${head} p where p.tenant_id = $1 and p.identificacion = s.identificacion)`,
    [tenantKey],
  );
  const headColumns = COLUMNS[head].filter((c) => c !== 'tenant_id' && c !== 'identificacion');
  const storedSites = `select ${list(sites, 'e')} from ${sites} e where e.tenant_id = $1 and e.identificacion in (select identificacion from merge_${head})`;
  await client.query(
    `insert into ${actions}
     select distinct x.identificacion, 'R' from (
       select s.identificacion from merge_${head} s join ${head} p on p.tenant_id = $1 and p.identificacion = s.identificacion
        where (${headColumns.map((c) => `p.${c}`).join(', ')}) is distinct from (${headColumns.map((c) => `s.${c}`).join(', ')})
       union all
       select identificacion from (${symmetricDifferenceSql(`select ${list(sites)} from merge_${sites}`, storedSites)}) e
     ) x
     where not exists (select 1 from ${actions} c where c.identificacion = x.identificacion)`,
    [tenantKey],
  );
  await client.query(
    `insert into ${actions} select p.identificacion, 'E' from ${head} p where p.tenant_id = $1 and p.identificacion = any($2::text[])
     on conflict do nothing`,
    [tenantKey, removed],
  );
  const { rows } = await client.query<{ accion: string; n: number }>(`select accion, count(*)::int as n from ${actions} group by 1`);
  const count = (a: string): number => rows.find((r) => r.accion === a)?.n ?? 0;
  const changes: Changes = { insertados: count('N'), reemplazados: count('R'), eliminados: count('E') };
  if (ctx.dryRun || !rows.length) return changes;
  const where = (a: string): string => `identificacion in (select identificacion from ${actions} where accion in (${a}))`;
  await client.query(`delete from ${sites} where tenant_id = $1 and ${where(`'R', 'E'`)}`, [tenantKey]);
  await client.query(`delete from ${head} where tenant_id = $1 and ${where(`'R', 'E'`)}`, [tenantKey]);
  await client.query(`insert into ${head} (${list(head)}) select ${list(head)} from merge_${head} where ${where(`'N', 'R'`)}`);
  await client.query(`insert into ${sites} (${list(sites)}) select ${list(sites)} from merge_${sites} where ${where(`'N', 'R'`)}`);
  return changes;
}
