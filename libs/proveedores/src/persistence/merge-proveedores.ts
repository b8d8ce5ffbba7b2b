import {
  type Changes,
  classifyWhole,
  type MergeContext,
  noChanges,
  stageTables,
  symmetricDifferenceSql,
  wholeActions,
  type WholeItems,
} from '@nomina-api/platform/bulk';
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
  const headColumns = COLUMNS[head].filter((c) => c !== 'tenant_id' && c !== 'identificacion');
  // A supplier differs when its row or one of its establishments does.
  const family: WholeItems = {
    table: head,
    key: 'identificacion',
    keyType: 'varchar(20) collate "C"',
    children: [sites],
    differing: `
      select s.identificacion from merge_${head} s join ${head} p on p.tenant_id = $1 and p.identificacion = s.identificacion
       where (${headColumns.map((c) => `p.${c}`).join(', ')}) is distinct from (${headColumns.map((c) => `s.${c}`).join(', ')})
      union all
      select identificacion from (${symmetricDifferenceSql(
        `select ${list(sites)} from merge_${sites}`,
        `select ${list(sites, 'e')} from ${sites} e where e.tenant_id = $1 and e.identificacion in (select identificacion from merge_${head})`,
      )}) e`,
  };
  const changes = await classifyWhole(ctx, family, removed);
  if (ctx.dryRun || changes.insertados + changes.reemplazados + changes.eliminados === 0) return changes;
  const gone = `identificacion in ${wholeActions(family, `'R', 'E'`)}`;
  const put = `identificacion in ${wholeActions(family, `'N', 'R'`)}`;
  await client.query(`delete from ${sites} where tenant_id = $1 and ${gone}`, [tenantKey]);
  await client.query(`delete from ${head} where tenant_id = $1 and ${gone}`, [tenantKey]);
  await client.query(`insert into ${head} (${list(head)}) select ${list(head)} from merge_${head} where ${put}`);
  await client.query(`insert into ${sites} (${list(sites)}) select ${list(sites)} from merge_${sites} where ${put}`);
  return changes;
}
