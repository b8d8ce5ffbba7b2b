import { RESUMEN_VENTAS } from '../../persistence/resumen-ventas';

/**
 * The profitability report as ONE statement (rows and totals): `grouping sets ((<row key>), ())`
 * aggregates the sale lines once; the empty set is the totals row, summed from the same exact
 * line values, never from rounded rows. Rounding happens once, on the exact sums:
 *  - money: round(x, 2), PostgreSQL rounds numeric half away from zero;
 *  - avgCost = Σ(cantidad × costoPromedio) / Σ cantidad, half-up to 4 decimals computed with
 *    div() — exact integer division — as ⌊(2·10⁴·c + q) / 2q⌋ / 10⁴, so a true tie such as
 *    10.00125 is never lost to the limited scale of numeric division (c ≥ 0 and q > 0 by the
 *    table's checks, so half-up is half away from zero here);
 *  - grossProfit = totalBruto − avgCost × quantity with the exact avgCost, i.e. Σb − Σc.
 *
 * Parameters: $1 tenant, $2 the business (uuid) or businesses (uuid[]), $3 dateInit,
 * $4 dateEnd, $5 estados (text[]). `fecha < dateEnd + 1 ms` is `fecha <= dateEnd` at millisecond
 * precision (a stored fecha with microseconds inside the last millisecond still counts).
 *
 * Access path (Migration20261122000210_reportes_indice_cubriente): venta_linea_reporte_cubriente
 * (tenant_id, negocio_id, fecha, venta_id, producto_id) INCLUDE (estado and the line's figures)
 * answers the range from the index alone. For one business (`negocio_id = $2`, the common case)
 * the scan already comes in (fecha, venta_id, producto_id) order, so the detail report
 * aggregates without sorting and streams its first rows at once. The grouped report reads whole
 * UTC months and years from the sales rollups instead (Migration20261122000220, see groupedSql)
 * and only the partial months at the edges of its range from that index.
 */

/** What a sale adds up to in every sales report (CONTRACT §4, §11.4), exact decimal text. */
export interface SaleFigures {
  quantity: string;
  totalBruto: string;
  totalDiscount: string;
  totalTaxes: string;
  total: string;
}

/** One row of the result; `isTotal` marks the totals row (the last one). Decimals are exact text. */
export interface ReportUtilityRow extends SaleFigures {
  isTotal: boolean;
  /** Detail rows only (lowercase uuid). */
  saleId: string | null;
  /** Detail rows only: `yyyy-MM-ddTHH:mm:ss.SSSZ`. */
  date: string | null;
  productId: string | null;
  code: string | null;
  name: string | null;
  categoryName: string | null;
  /** null on the totals row. */
  avgCost: string | null;
  cost: string;
  grossProfit: string;
}

export interface ReportUtilityShape {
  grouped: boolean;
  /** One business: `negocio_id = $2` keeps the index order (a list needs `= any($2)`). */
  oneBusiness: boolean;
}

const business = (alias: string, oneBusiness: boolean): string =>
  oneBusiness ? `${alias}.negocio_id = $2::uuid` : `${alias}.negocio_id = any($2::uuid[])`;

/** The lines of the request, or those of [from, to) when the grouped statement reads a part of the range. */
const lines = (oneBusiness: boolean, from = '$3::timestamptz', to = `$4::timestamptz + interval '1 millisecond'`): string => `
      from venta_linea l
     where l.tenant_id = $1::uuid
       and ${business('l', oneBusiness)}
       and l.fecha >= ${from}
       and l.fecha < ${to}
       and l.estado = any($5::text[])`;

/** The five exact per-line values the report sums (quantity, gross, discount, taxes, cost). */
const LINE_VALUES = ['l.cantidad', 'l.cantidad * l.precio_unitario', 'l.descuento', 'l.impuestos', 'l.cantidad * l.costo_promedio'];
const SUM_NAMES = ['q', 'b', 'd', 'i', 'c'];

const sums = (values: readonly string[]): string =>
  values
    .map(
      (v, k) => `
           coalesce(sum(${v}), 0) as ${SUM_NAMES[k]}`,
    )
    .join(',');

const SUMS = sums(LINE_VALUES);

/** What a row sold: the figures of every sales report (CONTRACT §4, §11.4), from the exact sums of `g`. */
const SALE_FIGURES = `
         trim_scale(g.q) as "quantity",
         round(g.b, 2) as "totalBruto",
         round(g.d, 2) as "totalDiscount",
         round(g.i, 2) as "totalTaxes",
         round(g.b - g.d + g.i, 2) as "total"`;

/** What it cost: the profitability report's own figures. */
const COST_FIGURES = `
         case when not g.is_total and g.q > 0 then div(g.c * 20000 + g.q, g.q * 2) * 0.0001 end as "avgCost",
         round(g.c, 2) as "cost",
         round(g.b - g.c, 2) as "grossProfit"`;

const FIGURES = `${SALE_FIGURES},${COST_FIGURES}`;

const PRODUCT = `
         g.producto_id::text as "productId", p.codigo as "code", p.nombre as "name", p.categoria as "categoryName",`;

/** One row per product from `g`; order: exact totalBruto desc, then code (byte order), then product id. */
const GROUPED_ROWS = `
  select g.is_total as "isTotal", null::text as "saleId", null::text as "date",${PRODUCT}${FIGURES}
    from g
    left join (select p.id, p.codigo, p.nombre, cat.nombre as categoria
                 from producto p
                 left join categoria cat on cat.tenant_id = p.tenant_id and cat.id = p.categoria_id
                where p.tenant_id = $1::uuid) p on p.id = g.producto_id
   order by g.is_total, g.b desc, p.codigo collate "C", g.producto_id`;

/**
 * Where the grouped statement reads each part of the range [a, e) = [dateInit, dateEnd + 1 ms),
 * with bounds in UTC wall-clock time (so the session's time zone plays no part): m0 = the first
 * month start ≥ a, m1 = the last month start ≤ e, so [m0, m1) are the whole months inside (none
 * when m0 ≥ m1); y0 = the first year start ≥ m0, y1 = the last year start ≤ m1, the whole years
 * inside those months. m0z/m1z are m0/m1 as instants, for comparing with venta_linea.fecha.
 */
const BOUNDS = `
  k as materialized (
    select x.a, x.e, m.m0, m.m1, y.y0, y.y1, m.m0 at time zone 'UTC' as m0z, m.m1 at time zone 'UTC' as m1z
      from (select $3::timestamptz as a, $4::timestamptz + interval '1 millisecond' as e) x
     cross join lateral (select date_trunc('month', (x.a at time zone 'UTC') - interval '1 microsecond') + interval '1 month' as m0,
                                date_trunc('month', x.e at time zone 'UTC') as m1) m
     cross join lateral (select date_trunc('year', m.m0 - interval '1 microsecond') + interval '1 year' as y0,
                                date_trunc('year', m.m1) as y1) y
  )`;

/** A bound computed from `k` (one row): a scalar subquery, i.e. a parameter of the index scans. */
const bound = (expr: string): string => `(select ${expr} from k)`;
const periodBound = (expr: string): string => bound(`(${expr})::date`);

/** Rollup rows of whole periods [from, to) (see ../../persistence/resumen-ventas.ts), as line-like sums. */
function periodSource(oneBusiness: boolean, period: keyof typeof RESUMEN_VENTAS, from: string, to: string): string {
  const { table, column } = RESUMEN_VENTAS[period];
  return `
    select r.producto_id, r.cantidad as q, r.total_bruto as b, r.descuento as d, r.impuestos as i, r.costo_total as c
      from ${table} r
     where r.tenant_id = $1::uuid
       and ${business('r', oneBusiness)}
       and r.${column} >= ${periodBound(from)}
       and r.${column} < ${periodBound(to)}
       and r.estado = any($5::text[])`;
}

function lineSource(oneBusiness: boolean, from: string, to: string): string {
  return `
    select l.producto_id, ${LINE_VALUES.map((v, k) => `${v} as ${SUM_NAMES[k]}`).join(', ')}${lines(oneBusiness, from, to)}`;
}

/**
 * `k` and `sources`: the range's sale figures per product as line-like rows (producto_id, q, b, d,
 * i, c) — whole UTC years from the yearly rollup, the other whole months from the monthly one, the
 * partial months at the edges from the lines (see groupedSql).
 */
function rangeSources(oneBusiness: boolean): string {
  return `${BOUNDS},
  sources as (${periodSource(oneBusiness, 'year', 'k.y0', 'k.y1')}
     union all${periodSource(oneBusiness, 'month', 'k.m0', 'least(k.y0, k.m1)')}
     union all${periodSource(oneBusiness, 'month', 'greatest(k.y1, least(k.y0, k.m1))', 'k.m1')}
     union all${lineSource(oneBusiness, '$3::timestamptz', bound('least(k.m0z, k.e)'))}
     union all${lineSource(oneBusiness, bound('greatest(k.m1z, least(k.m0z, k.e))'), `$4::timestamptz + interval '1 millisecond'`)}
  )`;
}

/**
 * One row per product. Whole UTC years come from the yearly rollup, the other whole months from
 * the monthly one and only the partial months at the edges from the lines: every finer source is
 * read as the two pieces of its range below and above the coarser one, [lo, least(in0, hi)) and
 * [greatest(in1, least(in0, hi)), hi), which are the whole range when the coarser one is empty
 * (in0 ≥ in1). The sums of those rows are the sums of the lines (numeric is exact), so the
 * figures, their rounding and the order are those of groupedFromLinesSql, for a few thousand
 * rollup rows instead of up to a year of lines. Hash aggregate, hash joins, one small sort.
 */
function groupedSql(oneBusiness: boolean): string {
  return `
  with${rangeSources(oneBusiness)},
  g as (
    select grouping(l.producto_id) = 1 as is_total, l.producto_id,${sums(SUM_NAMES.map((n) => `l.${n}`))}
      from sources l
     group by grouping sets ((l.producto_id), ())
  )${GROUPED_ROWS}`;
}

/**
 * The grouped report straight from the lines, as it was before the rollups: the reference the
 * rollup statement must equal row for row (test/report-rollup-equivalence.e2e-spec.ts, the bench).
 */
export function groupedFromLinesSql(oneBusiness: boolean): string {
  return `
  with g as (
    select grouping(l.producto_id) = 1 as is_total, l.producto_id,${SUMS}${lines(oneBusiness)}
     group by grouping sets ((l.producto_id), ())
  )${GROUPED_ROWS}`;
}

/**
 * One row per product per sale (several lines of one product in one sale make one row); order:
 * date, saleId, code (byte order), then product id; the totals row (null date) sorts last.
 * Up to millions of rows, so the plan must stream: the aggregate comes out in (fecha, venta_id,
 * producto_id) order and the final sort only orders the products inside each sale (an
 * incremental sort on the presorted fecha, venta_id). The product fields come from one
 * in-memory jsonb map of the tenant's catalogue, probed per row: unlike a hash join it keeps the
 * aggregate's order, and it costs a fraction of an index probe per row.
 */
function detailSql(oneBusiness: boolean): string {
  return `
  with g as (
    select grouping(l.producto_id) = 1 as is_total, l.fecha, l.venta_id, l.producto_id,${SUMS}${lines(oneBusiness)}
     group by grouping sets ((l.fecha, l.venta_id, l.producto_id), ())
  ),
  catalogo as (
    select jsonb_object_agg(p.id::text, jsonb_build_array(p.codigo, p.nombre, cat.nombre)) as m
      from producto p
      left join categoria cat on cat.tenant_id = p.tenant_id and cat.id = p.categoria_id
     where p.tenant_id = $1::uuid
  )
  select g.is_total as "isTotal", g.venta_id::text as "saleId",
         to_char(g.fecha at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "date",${PRODUCT}${FIGURES}
    from g
    cross join catalogo
    cross join lateral (select catalogo.m -> g.producto_id::text as f) x
    cross join lateral (select x.f ->> 0 as codigo, x.f ->> 1 as nombre, x.f ->> 2 as categoria) p
   order by g.fecha nulls last, g.venta_id, p.codigo collate "C", g.producto_id`;
}

/** One row of GET /reports/reportSalesByCategory (CONTRACT §11.4); `isTotal` marks the totals row (the last one). */
export interface SalesByCategoryRow extends SaleFigures {
  isTotal: boolean;
  /** Lowercase uuid; null on the row of the products without a category (and on the totals row). */
  categoryId: string | null;
  categoryName: string | null;
}

/**
 * The sales per category (CONTRACT §11.4): the grouped report's sources and sums — the same
 * rollups, lines, exact sums and rounding — grouped by the product's category instead of the
 * product. Sales of products without a category (or whose product row is missing) form the row
 * whose category is null. Order: exact totalBruto desc, then categoryName in byte order, then
 * categoryId; the totals row last. Same parameters as the report.
 */
export function salesByCategorySql(oneBusiness: boolean): string {
  return `
  with${rangeSources(oneBusiness)},
  g as (
    select grouping(p.categoria_id) = 1 as is_total, p.categoria_id,${sums(SUM_NAMES.map((n) => `l.${n}`))}
      from sources l
      left join producto p on p.tenant_id = $1::uuid and p.id = l.producto_id
     group by grouping sets ((p.categoria_id), ())
  )
  select g.is_total as "isTotal", g.categoria_id::text as "categoryId", cat.nombre as "categoryName",${SALE_FIGURES}
    from g
    left join categoria cat on cat.tenant_id = $1::uuid and cat.id = g.categoria_id
   order by g.is_total, g.b desc, cat.nombre collate "C", g.categoria_id`;
}

export function reportUtilitySql(shape: ReportUtilityShape): string {
  return shape.grouped ? groupedSql(shape.oneBusiness) : detailSql(shape.oneBusiness);
}

export function reportUtilityShape(c: { grouped: boolean; businessIds: readonly string[] }): ReportUtilityShape {
  return { grouped: c.grouped, oneBusiness: c.businessIds.length === 1 };
}

export function reportUtilityValues(
  tenantId: string,
  c: { businessIds: readonly string[]; dateInit: string; dateEnd: string; estados: readonly string[] },
): unknown[] {
  return [tenantId, c.businessIds.length === 1 ? c.businessIds[0] : c.businessIds, c.dateInit, c.dateEnd, c.estados];
}
