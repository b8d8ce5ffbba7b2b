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
 * aggregates without sorting and streams its first rows at once.
 */

/** One row of the result; `isTotal` marks the totals row (the last one). Decimals are exact text. */
export interface ReportUtilityRow {
  isTotal: boolean;
  /** Detail rows only (lowercase uuid). */
  saleId: string | null;
  /** Detail rows only: `yyyy-MM-ddTHH:mm:ss.SSSZ`. */
  date: string | null;
  productId: string | null;
  code: string | null;
  name: string | null;
  categoryName: string | null;
  quantity: string;
  totalBruto: string;
  totalDiscount: string;
  totalTaxes: string;
  total: string;
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

const lines = (oneBusiness: boolean): string => `
      from venta_linea l
     where l.tenant_id = $1::uuid
       and ${oneBusiness ? 'l.negocio_id = $2::uuid' : 'l.negocio_id = any($2::uuid[])'}
       and l.fecha >= $3::timestamptz
       and l.fecha < $4::timestamptz + interval '1 millisecond'
       and l.estado = any($5::text[])`;

const SUMS = `
           coalesce(sum(l.cantidad), 0) as q,
           coalesce(sum(l.cantidad * l.precio_unitario), 0) as b,
           coalesce(sum(l.descuento), 0) as d,
           coalesce(sum(l.impuestos), 0) as i,
           coalesce(sum(l.cantidad * l.costo_promedio), 0) as c`;

const FIGURES = `
         trim_scale(g.q) as "quantity",
         round(g.b, 2) as "totalBruto",
         round(g.d, 2) as "totalDiscount",
         round(g.i, 2) as "totalTaxes",
         round(g.b - g.d + g.i, 2) as "total",
         case when not g.is_total and g.q > 0 then div(g.c * 20000 + g.q, g.q * 2) * 0.0001 end as "avgCost",
         round(g.c, 2) as "cost",
         round(g.b - g.c, 2) as "grossProfit"`;

const PRODUCT = `
         g.producto_id::text as "productId", p.codigo as "code", p.nombre as "name", p.categoria as "categoryName",`;

/**
 * One row per product; order: exact totalBruto desc, then code (byte order), then product id.
 * A few thousand rows at most: hash aggregate, hash joins, one small sort.
 */
function groupedSql(oneBusiness: boolean): string {
  return `
  with g as (
    select grouping(l.producto_id) = 1 as is_total, l.producto_id,${SUMS}${lines(oneBusiness)}
     group by grouping sets ((l.producto_id), ())
  )
  select g.is_total as "isTotal", null::text as "saleId", null::text as "date",${PRODUCT}${FIGURES}
    from g
    left join (select p.id, p.codigo, p.nombre, cat.nombre as categoria
                 from producto p
                 left join categoria cat on cat.tenant_id = p.tenant_id and cat.id = p.categoria_id
                where p.tenant_id = $1::uuid) p on p.id = g.producto_id
   order by g.is_total, g.b desc, p.codigo collate "C", g.producto_id`;
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
