import { prepared } from '@nomina-api/platform/persistence';
import { foldedContainsPatternSql, type SortColumn, sortColumnsOf } from '../listing';
import { NOMINA_MONTOS_COLUMNS, PAGO_EMPLEADO_SORT_COLUMNS, type PagoEmpleadoRow } from '../list-pago-empleados/list-pago-empleados.sql';
import { PAGO_PERIODO_COLUMNS, PAGO_SORT_COLUMNS, type PagoRow } from '../list-pagos/list-pagos.sql';

/**
 * One payslip of the person's history as written (wire names, CONTRACT §11.2): its payment's
 * fields as GET /pagos reads them, its own as GET /pagoEmpleados does (totals stored at import).
 */
export interface HistorialPagoRow
  extends
    Pick<PagoRow, 'ano' | 'mes' | 'fechaDesde' | 'fechaHasta' | 'fechaPago' | 'estado' | 'tipoPago' | 'definitivo'>,
    Pick<
      PagoEmpleadoRow,
      'uuid' | 'uuidPago' | 'uuidVinculado' | 'salarioBase' | 'diasTrabajados' | 'totalDevengados' | 'totalDeducciones' | 'totalNeto'
    > {
  descripcionPago: string;
}

/** The payment's fields sort as in GET /pagos, the payslip's totals as in GET /pagoEmpleados. */
export const HISTORIAL_SORT_COLUMNS: Record<string, SortColumn> = {
  ...sortColumnsOf(PAGO_SORT_COLUMNS, ['ano', 'mes', 'fechaDesde', 'fechaPago', 'estado', 'tipoPago']),
  ...sortColumnsOf(PAGO_EMPLEADO_SORT_COLUMNS, ['totalDevengados', 'totalDeducciones', 'totalNeto']),
};
export const HISTORIAL_TIE_BREAKER = 'pe.id';

const FROM = `
    from pago_empleado pe
    join pago p on p.tenant_id = pe.tenant_id and p.id = pe.pago_id`;

const SELECT = `
  select pe.id as "uuid", pe.pago_id as "uuidPago", p.ano as "ano", p.mes as "mes", p.descripcion as "descripcionPago",
         ${PAGO_PERIODO_COLUMNS},
         pe.vinculacion_id as "uuidVinculado",
         ${NOMINA_MONTOS_COLUMNS},
         (count(*) over ())::int as "total"${FROM}`;

/** What a statement filters on besides tenant and person. */
export interface HistorialCriteria {
  /** Absent: every estado. */
  estados?: readonly string[];
  filter?: string;
}

/**
 * Every payslip of one person (all bonds), payments of type IN left out (CONTRACT §11.2). $1
 * tenant, $2 person; then estados and the filter, when given. The person's payslips come from
 * index pago_empleado_empleado (tenant_id, empleado_id, pago_id), each payment by its primary key:
 * a person has one payslip per payment, a few hundred at most, so the sort is in memory.
 */
export function historialPagosSql(
  tenantId: string,
  empleadoId: string,
  c: HistorialCriteria,
  order: string,
): { page: string; count: string; values: unknown[] } {
  const values: unknown[] = [tenantId, empleadoId];
  let where = `
   where pe.tenant_id = $1
     and pe.empleado_id = $2
     and p.tipo_pago <> 'IN'`;
  if (c.estados !== undefined) where += `\n     and p.estado = any($${values.push(c.estados)}::bpchar[])`;
  if (c.filter !== undefined)
    where += `\n     and p.descripcion_fold like ${foldedContainsPatternSql(`$${values.push(c.filter)}`)} escape '\\'`;
  return { page: `${SELECT}${where}\n  ${order}`, count: `select count(*)::int as "total"${FROM}${where}`, values };
}

/** $1 tenant, $2 person: whether the person exists (an empty history of a known person is a 200). */
export const EMPLEADO_EXISTE_SQL = prepared(`select 1 as "existe" from empleado e where e.tenant_id = $1 and e.id = $2`);
