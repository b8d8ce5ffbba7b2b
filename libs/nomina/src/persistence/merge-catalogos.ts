import {
  analyzeStaged,
  changedRowsSql,
  type Changes,
  type KeyedTable,
  type MergeContext,
  mergeKeyed,
  newRowsSql,
  noChanges,
  stageTables,
  upsertStaged,
} from '@nomina-api/platform/bulk';
import { NOMINA_COLUMNS as COLUMNS } from './tables';

/**
 * A merge of nómina's catalogs and people (CONTRACT §6): contributor types and concepts by
 * `codigo`, payment groups by uuid, employees by uuid with each bond by uuid. The file's rows are
 * staged first (loadCatalogos with STAGED), then compared with the stored rows of the same keys;
 * stored rows the file does not name stay as they are.
 */

const keyed = (table: keyof typeof COLUMNS, key: string[]): KeyedTable => ({ table, columns: COLUMNS[table], key });

const TIPO_COTIZANTE = keyed('tipo_cotizante', ['codigo']);
const CONCEPTO = keyed('concepto', ['codigo']);
const GRUPO_PAGO = keyed('grupo_pago', ['id']);
const EMPLEADO = keyed('empleado', ['id']);
const VINCULACION = keyed('vinculacion', ['id']);

/** Every nómina table a merge stages, before loadCatalogos and loadPagos write into the twins. */
export async function stageNomina(ctx: MergeContext): Promise<void> {
  await stageTables(ctx.client, [
    'tipo_cotizante',
    'concepto',
    'grupo_pago',
    'empleado',
    'vinculacion',
    'pago',
    'pago_empleado',
    'pago_empleado_detalle',
    'pago_concepto_total',
  ]);
}

export interface CatalogosChanges {
  tiposCotizante: Changes;
  conceptos: Changes;
  gruposPago: Changes;
  /** Concepts whose tipo or baseAportes changed: the stored payslips with their lines have other totals now (see recalcularConceptos). */
  recalcular: string[];
}

export async function mergeCatalogos(ctx: MergeContext): Promise<CatalogosChanges> {
  const { rows } = await ctx.client.query<{ codigo: string }>(
    `select s.codigo from merge_concepto s join concepto x on x.tenant_id = s.tenant_id and x.codigo = s.codigo
      where (x.tipo, x.base_aportes) is distinct from (s.tipo, s.base_aportes)`,
  );
  return {
    tiposCotizante: await mergeKeyed(ctx, TIPO_COTIZANTE),
    conceptos: await mergeKeyed(ctx, CONCEPTO),
    gruposPago: await mergeKeyed(ctx, GRUPO_PAGO),
    recalcular: rows.map((r) => r.codigo),
  };
}

/** Employees and their bonds; an employee counts as replaced when its row or one of its bonds changed or a bond was added. */
export async function mergeEmpleados(ctx: MergeContext): Promise<Changes> {
  await analyzeStaged(ctx.client, ['empleado', 'vinculacion']);
  const { rows } = await ctx.client.query<{ nuevos: number; cambiados: number }>(
    `with nuevos as (select id from (${newRowsSql(EMPLEADO)}) n),
          tocados as (
            select id from (${changedRowsSql(EMPLEADO)}) e
            union select empleado_id from (${changedRowsSql(VINCULACION)}) v
            union select empleado_id from (${newRowsSql(VINCULACION)}) v)
     select (select count(*) from nuevos)::int as nuevos,
            (select count(*) from tocados where id not in (select id from nuevos))::int as cambiados`,
  );
  const { nuevos, cambiados } = rows[0];
  if (!ctx.dryRun && nuevos + cambiados) {
    // Employees before their bonds (the bond's foreign key).
    await upsertStaged(ctx.client, EMPLEADO);
    await upsertStaged(ctx.client, VINCULACION);
  }
  return { ...noChanges(), insertados: nuevos, reemplazados: cambiados };
}

/**
 * Removes employees (`eliminar.empleados`) with their bonds. The validation has refused the
 * removal of an employee who keeps payslips, so no rollup row remains for its bonds. Uuids not
 * stored are no change (merging the same file twice).
 */
export async function removeEmpleados(ctx: MergeContext, ids: string[]): Promise<Changes> {
  if (!ids.length) return noChanges();
  const sql = ctx.dryRun
    ? 'select count(*)::int as n from empleado where tenant_id = $1 and id = any($2::uuid[])'
    : 'with gone as (delete from empleado where tenant_id = $1 and id = any($2::uuid[]) returning 1) select count(*)::int as n from gone';
  const { rows } = await ctx.client.query<{ n: number }>(sql, [ctx.tenantKey, ids]);
  return { ...noChanges(), eliminados: rows[0].n };
}
