import { foldedContainsPatternSql, orderBy, type SortColumn, type SortKey } from '../listing';

/**
 * Accumulated concepts per labor bond (definitive payments whose fechaDesde is in the range;
 * estado and tipoPago deliberately not looked at), in ONE statement shaped by what the order and
 * the filter need before the page can be cut: whole calendar years come from the per-bond yearly
 * rollup and only the partial years at the ends from the payslips, and employee data and the latest
 * salary are joined before paging only when the filter or the order needs them. The plan in
 * detail: docs/PERFORMANCE.md, "The accumulated concepts statement".
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

/** The stored columns each source sums, on the yearly rollup and on the payslip alike. */
const SUMMED: Record<FuenteAcumulado, { devengados: string; deducciones: string }> = {
  generica: { devengados: 'total_devengados', deducciones: 'total_deducciones' },
  aportes: { devengados: 'aportes_devengados', deducciones: 'aportes_deducciones' },
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
  /** false: every considered payslip, no yearly rollup (the reference the rollup is measured and tested against). */
  yearly?: boolean;
}

/**
 * The range split at calendar years: the whole years inside it, [desde, hasta) (read from the
 * yearly rollup), and the inclusive date ranges left at either end (read from the payslips). The
 * parts never overlap and together are exactly [fechaDesde, fechaHasta].
 */
export interface RangeParts {
  years?: { desde: number; hasta: number };
  days: { desde: string; hasta: string }[];
}

const yearOf = (date: string): number => Number(date.slice(0, 4));
const isoDate = (year: number, monthDay: string): string => `${String(year).padStart(4, '0')}-${monthDay}`;

/** Splits [fechaDesde, fechaHasta] ('YYYY-MM-DD', validated, fechaDesde ≤ fechaHasta) at calendar years. */
export function splitAtYears(fechaDesde: string, fechaHasta: string): RangeParts {
  const desde = fechaDesde.endsWith('-01-01') ? yearOf(fechaDesde) : yearOf(fechaDesde) + 1;
  const hasta = fechaHasta.endsWith('-12-31') ? yearOf(fechaHasta) + 1 : yearOf(fechaHasta);
  if (desde >= hasta) return { days: [{ desde: fechaDesde, hasta: fechaHasta }] };
  const days: RangeParts['days'] = [];
  if (fechaDesde < isoDate(desde, '01-01')) days.push({ desde: fechaDesde, hasta: isoDate(desde - 1, '12-31') });
  if (fechaHasta > isoDate(hasta - 1, '12-31')) days.push({ desde: isoDate(hasta, '01-01'), hasta: fechaHasta });
  return { years: { desde, hasta }, days };
}

/**
 * The considered payslips of one source as rows (vinculacion_id, devengados, deducciones
 * [, aportes_lineas][, pago_id]): whole years from the rollup, the other days' payslips from the
 * partial index. `pago_id` is the bond's latest payment of the row (of its year, for a rollup row).
 * Bounds are bound as parameters (pushed to `values`).
 */
function sources(fuente: FuenteAcumulado, withPago: boolean, parts: RangeParts, values: unknown[]): string {
  const { devengados, deducciones } = SUMMED[fuente];
  const param = (value: unknown): string => `$${values.push(value)}`;
  const extra = (lineas: string, pago: string): string => (fuente === 'aportes' ? `, ${lineas}` : '') + (withPago ? `, ${pago}` : '');
  const selects: string[] = [];
  if (parts.years) {
    selects.push(`
      select y.vinculacion_id, y.${devengados} as devengados, y.${deducciones} as deducciones${extra('y.aportes_lineas', 'y.ultimo_pago_id as pago_id')}
        from vinculacion_acumulado_anual y
       where y.tenant_id = $1 and y.ano >= ${param(parts.years.desde)}::int and y.ano < ${param(parts.years.hasta)}::int`);
  }
  for (const days of parts.days) {
    // The request's own bounds stay $2 / $3 (the salary reads use them too).
    const desde = days.desde === values[1] ? '$2' : param(days.desde);
    const hasta = days.hasta === values[2] ? '$3' : param(days.hasta);
    selects.push(`
      select pe.vinculacion_id, pe.${devengados} as devengados, pe.${deducciones} as deducciones${extra('pe.aportes_lineas', 'pe.pago_id')}
        from pago_empleado pe
       where pe.tenant_id = $1 and pe.pago_definitivo
         and pe.pago_fecha_desde between ${desde}::date and ${hasta}::date`);
  }
  return selects.join('\n      union all');
}

/**
 * `acumulado`: one row per bond (vinculacion_id, total_devengados, total_deducciones, total_neto
 * [, ultimo: the rank of its latest payment in pago_rango]). The rows of one calendar year are
 * already one per bond and are taken as they are; otherwise the sources are summed per bond.
 */
function acumuladoCte(fuente: FuenteAcumulado, parts: RangeParts, withPago: boolean, values: unknown[]): string {
  const rows = sources(fuente, withPago, parts, values);
  const rank = withPago ? '\n    join pago_rango r on r.pago_id = s.pago_id' : '';
  if (parts.years && parts.years.hasta - parts.years.desde === 1 && !parts.days.length) {
    return `acumulado as (
  select s.vinculacion_id,${withPago ? '\n         r.orden as ultimo,' : ''}
         s.devengados as total_devengados,
         s.deducciones as total_deducciones,
         s.devengados - s.deducciones as total_neto
    from (${rows}
    ) s${rank}${fuente === 'aportes' ? '\n   where s.aportes_lineas > 0' : ''}
)`;
  }
  // A payslip's stored neto is exactly devengados − deducciones (CONTRACT §3.4), so the sum of the
  // netos is the difference of the two sums: one numeric aggregate per row less (numeric sums
  // dominate the per-row cost of the aggregation).
  return `acumulado as (
  select s.vinculacion_id,${withPago ? '\n         min(r.orden) as ultimo,' : ''}
         sum(s.devengados) as total_devengados,
         sum(s.deducciones) as total_deducciones,
         sum(s.devengados) - sum(s.deducciones) as total_neto
    from (${rows}
    ) s${rank}
   group by s.vinculacion_id${fuente === 'aportes' ? '\n   having sum(s.aportes_lineas) > 0' : ''}
)`;
}

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

/** Builds the page statement (page plus global count) and its values; only whitelisted fragments are interpolated. */
export function conceptosAcumuladosSql(input: ConceptosAcumuladosSqlInput): { text: string; values: unknown[] } {
  return statement(input, { offset: input.offset, size: input.size });
}

/**
 * The same rows, columns and order as the page statement, but every row and without the count
 * (no `total` column, no null row when nothing matches): the whole result read through a cursor.
 */
export function conceptosAcumuladosWholeSql(input: WholeSqlInput): { text: string; values: unknown[] } {
  return statement(input);
}

/** The input without the page: the whole result. */
export type WholeSqlInput = Omit<ConceptosAcumuladosSqlInput, 'offset' | 'size'>;

function statement(input: WholeSqlInput, page?: Pick<ConceptosAcumuladosSqlInput, 'offset' | 'size'>): { text: string; values: unknown[] } {
  const values: unknown[] = [input.tenantId, input.fechaDesde, input.fechaHasta];
  const needPerson = input.filter !== undefined || input.sort.some((k) => PERSON_FIELDS.has(k.field));
  const needSalary = input.sort.some((k) => k.field === 'salarioBase');
  const order = orderBy(input.sort, SORT_COLUMNS, 'vinculacion_id');

  const parts =
    input.yearly === false
      ? { days: [{ desde: input.fechaDesde, hasta: input.fechaHasta }] }
      : splitAtYears(input.fechaDesde, input.fechaHasta);
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
  }
  ctes.push(acumuladoCte(input.fuente, parts, needSalary, values));

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

  // Page rows get what the pre-page rows lacked.
  const pageColumns = ['a.vinculacion_id', 'a.total_devengados', 'a.total_deducciones', 'a.total_neto'];
  pageColumns.push(needSalary ? 'a.salario_base' : `${SALARY_PROBE} as salario_base`);
  pageColumns.push(
    needPerson
      ? 'a.empleado_id, a.identificacion, a.nombre_completo, a.nombre_fold, a.identificacion_fold, a.tipo_cotizante, a.salario_integral'
      : PERSON_COLUMNS,
  );
  const output = `p.vinculacion_id as "uuidVinculado", p.empleado_id as "uuidEmpleado", p.identificacion as "id",
       p.nombre_completo as "nombreCompleto", p.tipo_cotizante as "tipoCotizante", p.salario_base as "salarioBase",
       p.salario_integral as "salarioIntegral", p.total_devengados as "totalDevengados",
       p.total_deducciones as "totalDeducciones", p.total_neto as "totalNeto"`;
  const joins = needPerson ? '' : PERSON_JOINS;

  if (!page) {
    const text = `
with ${ctes.join(',\n')}
select ${output}
  from (
  select ${pageColumns.join(',\n         ')}
    from fila a${joins}
  ) p
 ${order}`;
    return { text, values };
  }

  values.push(page.size, page.offset);
  const limit = `$${values.length - 1}`;
  const offset = `$${values.length}`;
  const text = `
with ${ctes.join(',\n')}
select t.total, ${output}
  from (select count(*)::int as total from fila) t
  left join lateral (
  select ${pageColumns.join(',\n         ')}
    from (select * from fila ${order} limit ${limit} offset ${offset}) a${joins}
  ) p on true
 ${order}`;
  return { text, values };
}
