import type { DetallePagoRow } from '../list-detalle-pago/list-detalle-pago.sql';
import { type RangeParts, splitAtYears } from '../conceptos-acumulados/conceptos-acumulados.sql';

/**
 * The per-concept explorer (CONTRACT §11.2), ONE statement over the payments of §3.7 (definitive,
 * payment fechaDesde in the range, both ends inclusive; estado and tipoPago not looked at, so
 * initial balances of type IN count):
 *
 *  - sources: the range is split at calendar years (`splitAtYears`, as the accumulated concepts
 *    of §3.7 do): whole years come from the per-bond, per-concept yearly rollup
 *    `vinculacion_concepto_anual` (../../persistence/concepto-anual.ts), the partial years at either
 *    end from the lines of the payslips found through the partial index `pago_empleado_acumulado
 *    (tenant_id, pago_fecha_desde) where pago_definitivo`. numeric sums are exact, so summing
 *    yearly sums and lines gives the sums of the lines, digit for digit. `yearly: false` reads
 *    every line instead (the reference of the bench and of the equivalence test).
 *  - `isDetalleParaAportes=true` keeps the lines of concepts with baseAportes only.
 *  - porContacto=true: one row per concept and bond (a single calendar year's rollup rows already
 *    are; anything else is summed per pair), with the bond's person; porContacto=false: one row per
 *    concept, numeroEmpleados = the bonds with that concept, from the per-pair rows (so a bond with
 *    the concept in several years or parts counts once).
 *  - order: DEVENGADO before DEDUCCION, then the concept code in byte order (then the person's
 *    folded name, exact name and bond uuid).
 */

/** One element of porContacto=false (wire names): a concept's sums over the range's payslips, the fields of a payment's per-concept sums. */
export type AcumuladoConceptoRow = DetallePagoRow;

/** One element of porContacto=true (wire names): the concept's sums on one bond, with the bond's person. */
export interface AcumuladoConceptoContactoRow extends AcumuladoConceptoRow {
  uuidVinculado: string;
  uuidEmpleado: string;
  id: string;
  nombreCompleto: string;
}

export interface AcumuladoPorConceptoSqlInput {
  tenantId: string;
  /** 'YYYY-MM-DD', validated, fechaDesde ≤ fechaHasta. */
  fechaDesde: string;
  fechaHasta: string;
  paraAportes: boolean;
  porContacto: boolean;
  /** false: every considered line, no yearly rollup (the reference the rollup is measured and tested against). */
  yearly?: boolean;
}

/** Rows (concepto_codigo, vinculacion_id, cantidad, valor) of the range's parts; bounds bound as parameters. */
function sources(parts: RangeParts, paraAportes: boolean, values: unknown[]): string {
  const param = (value: unknown): string => `$${values.push(value)}`;
  const aportes = (alias: string): string =>
    paraAportes
      ? `\n         and ${alias}.concepto_codigo in (select k.codigo from concepto k where k.tenant_id = $1 and k.base_aportes)`
      : '';
  const selects: string[] = [];
  if (parts.years) {
    selects.push(`
      select y.concepto_codigo, y.vinculacion_id, y.cantidad, y.valor
        from vinculacion_concepto_anual y
       where y.tenant_id = $1 and y.ano >= ${param(parts.years.desde)}::int and y.ano < ${param(parts.years.hasta)}::int${aportes('y')}`);
  }
  for (const days of parts.days) {
    const desde = param(days.desde);
    const hasta = param(days.hasta);
    // `offset 0` keeps the lines a per-payslip probe of their primary key (tenant_id,
    // pago_empleado_id, id): as a plain join the planner hash-joins a sequential scan of every
    // line of the tenant (a month of the large dataset: 4.2 s against the probes' fraction of it).
    selects.push(`
      select d.concepto_codigo, pe.vinculacion_id, d.cantidad, d.valor
        from pago_empleado pe
        cross join lateral (
              select d.concepto_codigo, d.cantidad, d.valor
                from pago_empleado_detalle d
               where d.tenant_id = $1 and d.pago_empleado_id = pe.id
              offset 0) d
       where pe.tenant_id = $1 and pe.pago_definitivo
         and pe.pago_fecha_desde between ${desde}::date and ${hasta}::date${aportes('d')}`);
  }
  return selects.join('\n      union all');
}

const CONCEPT_ORDER = `case c.tipo when 'DEVENGADO' then 0 else 1 end, c.codigo collate "C"`;

/** The statement and its values; only fixed fragments are interpolated (every value is a parameter). */
export function acumuladoPorConceptoSql(input: AcumuladoPorConceptoSqlInput): { text: string; values: unknown[] } {
  // Every bound is a parameter of its own: a range of whole years never names the request's dates.
  const values: unknown[] = [input.tenantId];
  const parts: RangeParts =
    input.yearly === false
      ? { days: [{ desde: input.fechaDesde, hasta: input.fechaHasta }] }
      : splitAtYears(input.fechaDesde, input.fechaHasta);
  const rows = sources(parts, input.paraAportes, values);
  // One calendar year of the rollup holds one row per concept and bond already.
  const unique = parts.years !== undefined && parts.years.hasta - parts.years.desde === 1 && parts.days.length === 0;
  const pairs = unique
    ? `pares as (${rows}
  )`
    : `pares as (
  select s.concepto_codigo, s.vinculacion_id, sum(s.cantidad) as cantidad, sum(s.valor) as valor
    from (${rows}
    ) s
   group by s.concepto_codigo, s.vinculacion_id
  )`;
  if (input.porContacto) {
    const text = `
  with ${pairs}
  select c.codigo as "codigoConcepto", c.nombre as "nombreConcepto", c.tipo as "tipo",
         a.vinculacion_id as "uuidVinculado", v.empleado_id as "uuidEmpleado", e.identificacion as "id",
         e.nombre_completo as "nombreCompleto", a.cantidad as "cantidad", a.valor as "valor", 1 as "numeroEmpleados"
    from pares a
    join concepto c on c.tenant_id = $1 and c.codigo = a.concepto_codigo
    join vinculacion v on v.tenant_id = $1 and v.id = a.vinculacion_id
    join empleado e on e.tenant_id = $1 and e.id = v.empleado_id
   order by ${CONCEPT_ORDER}, e.nombre_fold, e.nombre_completo collate "C", a.vinculacion_id`;
    return { text, values };
  }
  const text = `
  with ${pairs},
  conceptos as (
  select a.concepto_codigo, sum(a.cantidad) as cantidad, sum(a.valor) as valor, count(*)::int as vinculos
    from pares a
   group by a.concepto_codigo
  )
  select c.codigo as "codigoConcepto", c.nombre as "nombreConcepto", c.tipo as "tipo",
         a.cantidad as "cantidad", a.valor as "valor", a.vinculos as "numeroEmpleados"
    from conceptos a
    join concepto c on c.tenant_id = $1 and c.codigo = a.concepto_codigo
   order by ${CONCEPT_ORDER}`;
  return { text, values };
}
