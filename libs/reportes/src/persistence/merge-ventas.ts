import {
  type Changes,
  type KeyedTable,
  type MergeContext,
  mergeKeyed,
  stageTables,
  symmetricDifferenceSql,
  wholeActions,
  type WholeItems,
  classifyWhole,
} from '@nomina-api/platform/bulk';
import { applyResumenVentasDelta } from './resumen-ventas';
import { REPORTES_COLUMNS as COLUMNS } from './tables';

/**
 * A merge of reportes' data (CONTRACT §6): categories and products by uuid; a sale replaced whole
 * (its lines with it) when it differs from the stored one, inserted when new, removed when listed
 * in `eliminar.ventas`. The file's rows were staged (loadProductos and loadVentas with STAGED);
 * the sales rollups get the difference only (applyResumenVentasDelta).
 */

const CATEGORIA: KeyedTable = { table: 'categoria', columns: COLUMNS.categoria, key: ['id'] };
const PRODUCTO: KeyedTable = { table: 'producto', columns: COLUMNS.producto, key: ['id'] };

export async function stageReportes(ctx: MergeContext): Promise<void> {
  await stageTables(ctx.client, ['categoria', 'producto', 'venta', 'venta_linea']);
}

export async function mergeProductos(ctx: MergeContext): Promise<{ categorias: Changes; productos: Changes }> {
  return { categorias: await mergeKeyed(ctx, CATEGORIA), productos: await mergeKeyed(ctx, PRODUCTO) };
}

const list = (table: keyof typeof COLUMNS, alias?: string): string => COLUMNS[table].map((c) => (alias ? `${alias}.${c}` : c)).join(', ');

/** A sale differs when its row or a line does. */
const VENTAS: WholeItems = {
  table: 'venta',
  key: 'id',
  keyType: 'uuid',
  children: ['venta_linea'],
  differing: `
    select s.id from merge_venta s join venta v on v.tenant_id = $1 and v.id = s.id
     where (v.negocio_id, v.fecha, v.estado) is distinct from (s.negocio_id, s.fecha, s.estado)
    union all
    select venta_id from (${symmetricDifferenceSql(
      `select ${list('venta_linea')} from merge_venta_linea`,
      `select ${list('venta_linea', 'l')} from venta_linea l where l.tenant_id = $1 and l.venta_id in (select id from merge_venta)`,
    )}) l`,
};

export async function mergeVentas(ctx: MergeContext, eliminar: string[]): Promise<Changes> {
  const { client, tenantKey } = ctx;
  const changes = await classifyWhole(ctx, VENTAS, eliminar);
  if (ctx.dryRun || changes.insertados + changes.reemplazados + changes.eliminados === 0) return changes;
  const gone = wholeActions(VENTAS, `'R', 'E'`);
  const put = wholeActions(VENTAS, `'N', 'R'`);
  // The rollups first: the delta reads the stored lines that are about to go.
  await applyResumenVentasDelta(client, tenantKey, gone, put);
  await client.query(`delete from venta_linea where tenant_id = $1 and venta_id in ${gone}`, [tenantKey]);
  await client.query(`delete from venta where tenant_id = $1 and id in ${gone}`, [tenantKey]);
  await client.query(`insert into venta (${list('venta')}) select ${list('venta')} from merge_venta where id in ${put}`);
  await client.query(
    `insert into venta_linea (${list('venta_linea')}) select ${list('venta_linea')} from merge_venta_linea where venta_id in ${put}`,
  );
  return changes;
}
