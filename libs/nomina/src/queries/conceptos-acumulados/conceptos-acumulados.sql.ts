import { foldedContainsPatternSql, orderBy, type SortColumn, type SortKey } from '../../http/list-params';

/**
 * Accumulated concepts per labor bond (CONTRACT §3.7), ONE statement whose shape depends on what
 * the order and the filter need before the page can be cut:
 *
 *  - `acumulado`: the partial index `pago_empleado_acumulado (tenant_id, pago_fecha_desde) where
 *    pago_definitivo` yields exactly the payslips of the considered payments (definitive, payment
 *    fechaDesde in range, both ends inclusive; estado and tipoPago deliberately not looked at),
 *    hash-aggregated per bond from the totals stored on each payslip. The generic source sums
 *    total_* (neto as devengados − deducciones, see SUMS); the contribution source sums
 *    aportes_* (the same sums over baseAportes concepts) and drops bonds without such a line
 *    (Σ aportes_lineas = 0).
 *  - employee data (bond, person, contributor type: primary-key lookups) and the latest salary
 *    are joined BEFORE paging only when the filter or the order needs them, else only for the
 *    rows of the page: the default order (nombreCompleto) needs the names of every bond but not
 *    their salaries; a numeric order without a filter needs neither.
 *  - the count and the page come from the same rows: a one-row `total` left-joined to the page,
 *    so an empty page (offset past the end, size=0) still reports the global count. The outer
 *    ORDER BY repeats the page's order (a join does not promise to keep it; ≤ 1000 rows).
 *
 * salarioBase is the one on the bond's payslip of the latest considered payment (payment
 * fechaDesde, then fechaPago, then uuid, all desc), whatever the source. For a page it is a
 * top-1 probe per bond on `pago_empleado_vinculacion`; to ORDER BY it, every bond needs it, so the
 * considered payments are ranked once (`pago_rango`, a handful of rows), the aggregate keeps the
 * best rank per bond, and one unique-index probe per bond reads the salary.
 */

/** One element as written (wire names, CONTRACT §3.7); amounts are exact decimal strings. */
export interface ConceptoAcumuladoRow {
  uuidVinculado: string;
  uuidEmpleado: string;
  id: string;
  nombreCompleto: string;
  tipoCotizante: string;
  salarioBase: string;
  salarioIntegral: boolean;
  totalDevengados: string;
  totalDeducciones: string;
  totalNeto: string;
}

/** A statement row: the element, or all nulls on the single row of an empty page, plus the count. */
export type ConceptoAcumuladoSqlRow = { [K in keyof ConceptoAcumuladoRow]: ConceptoAcumuladoRow[K] | null } & { total: number };

export type FuenteAcumulado = 'generica' | 'aportes';

/**
 * A payslip's stored neto is exactly devengados − deducciones (CONTRACT §3.4), so the sum of the
 * netos is the difference of the two sums: one numeric aggregate per row less, which is most of
 * this statement's CPU (numeric sums dominate the per-row cost of the aggregation).
 */
const SUMS: Record<FuenteAcumulado, string> = {
  generica: `
         sum(pe.total_devengados) as total_devengados,
         sum(pe.total_deducciones) as total_deducciones,
         sum(pe.total_devengados) - sum(pe.total_deducciones) as total_neto`,
  aportes: `
         sum(pe.aportes_devengados) as total_devengados,
         sum(pe.aportes_deducciones) as total_deducciones,
         sum(pe.aportes_devengados) - sum(pe.aportes_deducciones) as total_neto`,
};

const HAVING: Record<FuenteAcumulado, string> = {
  generica: '',
  aportes: `
   having sum(pe.aportes_lineas) > 0`,
};

/** Sortable API fields → columns of the pre-page rows (text fields fold first, then exact, CONTRACT §3.2). */
export const SORT_COLUMNS: Record<string, SortColumn> = {
  nombreCompleto: { sql: 'nombre_completo', text: true, foldedSql: 'nombre_fold' },
  id: { sql: 'identificacion', text: true, foldedSql: 'identificacion_fold' },
  tipoCotizante: { sql: 'tipo_cotizante', text: true },
  salarioBase: { sql: 'salario_base' },
  totalDevengados: { sql: 'total_devengados' },
  totalDeducciones: { sql: 'total_deducciones' },
  totalNeto: { sql: 'total_neto' },
};

const PERSON_FIELDS: ReadonlySet<string> = new Set(['nombreCompleto', 'id', 'tipoCotizante']);

export interface ConceptosAcumuladosSqlInput {
  tenantId: string;
  /** 'YYYY-MM-DD', validated. */
  fechaDesde: string;
  fechaHasta: string;
  fuente: FuenteAcumulado;
  offset: number;
  size: number;
  filter?: string;
  sort: readonly SortKey[];
}

const CONSIDERED = `pe.tenant_id = $1
     and pe.pago_definitivo
     and pe.pago_fecha_desde between $2::date and $3::date`;

/** Joins that bring bond, person and contributor type for the rows aliased `a`. */
const PERSON_JOINS = `
    join vinculacion v on v.tenant_id = $1 and v.id = a.vinculacion_id
    join empleado e on e.tenant_id = $1 and e.id = v.empleado_id
    join tipo_cotizante tc on tc.tenant_id = $1 and tc.codigo = v.tipo_cotizante`;

const PERSON_COLUMNS = `v.empleado_id, e.identificacion, e.nombre_completo, e.nombre_fold, e.identificacion_fold,
         tc.descripcion as tipo_cotizante, v.salario_integral`;

/** Latest-salary probe for one bond (a.vinculacion_id): top-1 over that bond's considered payslips. */
const SALARY_PROBE = `(
         select ps.salario_base
           from pago_empleado ps
          where ps.tenant_id = $1 and ps.vinculacion_id = a.vinculacion_id
            and ps.pago_definitivo and ps.pago_fecha_desde between $2::date and $3::date
          order by ps.pago_fecha_desde desc, ps.pago_fecha_pago desc, ps.pago_id desc
          limit 1)`;

/** Builds the statement and its values; only whitelisted fragments are interpolated. */
export function conceptosAcumuladosSql(input: ConceptosAcumuladosSqlInput): { text: string; values: unknown[] } {
  const values: unknown[] = [input.tenantId, input.fechaDesde, input.fechaHasta];
  const needPerson = input.filter !== undefined || input.sort.some((k) => PERSON_FIELDS.has(k.field));
  const needSalary = input.sort.some((k) => k.field === 'salarioBase');
  const order = orderBy(input.sort, SORT_COLUMNS, 'vinculacion_id');

  const ctes: string[] = [];
  if (needSalary) {
    ctes.push(`pago_rango as (
  select p.id as pago_id,
         row_number() over (order by p.fecha_desde desc, p.fecha_pago desc, p.id desc) as orden
    from pago p
   where p.tenant_id = $1
     and p.definitivo
     and p.fecha_desde between $2::date and $3::date
)`);
    ctes.push(`acumulado as (
  select pe.vinculacion_id,
         min(r.orden) as ultimo,${SUMS[input.fuente]}
    from pago_empleado pe
    join pago_rango r on r.pago_id = pe.pago_id
   where ${CONSIDERED}
   group by pe.vinculacion_id${HAVING[input.fuente]}
)`);
  } else {
    ctes.push(`acumulado as (
  select pe.vinculacion_id,${SUMS[input.fuente]}
    from pago_empleado pe
   where ${CONSIDERED}
   group by pe.vinculacion_id${HAVING[input.fuente]}
)`);
  }

  // Rows before paging: the aggregates plus whatever the order / filter read.
  const baseColumns = ['a.vinculacion_id', 'a.total_devengados', 'a.total_deducciones', 'a.total_neto'];
  let baseFrom = 'acumulado a';
  if (needSalary) {
    // One unique-index probe (tenant_id, pago_id, vinculacion_id) per bond.
    baseColumns.push(`(
         select ps.salario_base
           from pago_empleado ps
          where ps.tenant_id = $1 and ps.pago_id = u.pago_id and ps.vinculacion_id = a.vinculacion_id) as salario_base`);
    baseFrom += '\n    join pago_rango u on u.orden = a.ultimo';
  }
  let where = '';
  if (needPerson) {
    baseColumns.push(PERSON_COLUMNS);
    baseFrom += PERSON_JOINS;
    if (input.filter !== undefined) {
      values.push(input.filter);
      const pattern = foldedContainsPatternSql(`$${values.length}`);
      where = `\n   where (e.nombre_fold like ${pattern} escape '\\' or e.identificacion_fold like ${pattern} escape '\\')`;
    }
  }
  ctes.push(`fila as (
  select ${baseColumns.join(', ')}
    from ${baseFrom}${where}
)`);

  values.push(input.size, input.offset);
  const limit = `$${values.length - 1}`;
  const offset = `$${values.length}`;

  // Page rows get what the pre-page rows lacked.
  const pageColumns = ['a.vinculacion_id', 'a.total_devengados', 'a.total_deducciones', 'a.total_neto'];
  pageColumns.push(needSalary ? 'a.salario_base' : `${SALARY_PROBE} as salario_base`);
  pageColumns.push(
    needPerson
      ? 'a.empleado_id, a.identificacion, a.nombre_completo, a.nombre_fold, a.identificacion_fold, a.tipo_cotizante, a.salario_integral'
      : PERSON_COLUMNS,
  );
  const pageFrom = `(select * from fila ${order} limit ${limit} offset ${offset}) a${needPerson ? '' : PERSON_JOINS}`;

  const text = `
with ${ctes.join(',\n')}
select t.total, p.vinculacion_id as "uuidVinculado", p.empleado_id as "uuidEmpleado", p.identificacion as "id",
       p.nombre_completo as "nombreCompleto", p.tipo_cotizante as "tipoCotizante", p.salario_base as "salarioBase",
       p.salario_integral as "salarioIntegral", p.total_devengados as "totalDevengados",
       p.total_deducciones as "totalDeducciones", p.total_neto as "totalNeto"
  from (select count(*)::int as total from fila) t
  left join lateral (
  select ${pageColumns.join(',\n         ')}
    from ${pageFrom}
  ) p on true
 ${order}`;
  return { text, values };
}
