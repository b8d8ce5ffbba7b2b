/**
 * Sales rollups (Migration20261122000220_reportes_resumen_ventas): per tenant, business, UTC month
 * (venta_producto_mes) or UTC year (venta_producto_ano), estado and product, the exact sums of the
 * sale lines that the grouped profitability report aggregates: Σcantidad, Σcantidad×precio,
 * Σdescuento, Σimpuestos and Σcantidad×costoPromedio. numeric sums are exact, so a sum of these
 * partial sums equals the sum over the lines, whatever the split.
 *
 * The importer writes them with the sales, in the same transaction (libs/importer/src/sales-rollup.ts
 * sums the lines as they stream by); these statements build them from venta_linea instead: the
 * migration's backfill of existing databases, and the importer's fallback when a value cannot be
 * summed exactly in JavaScript. The tenant's rollup rows must not exist yet.
 */

/** The two periods: table and its period column (the first day of the UTC month / year). */
export const SALES_ROLLUPS = {
  month: { table: 'venta_producto_mes', column: 'mes' },
  year: { table: 'venta_producto_ano', column: 'ano' },
} as const;

const SUM_COLUMNS = 'cantidad, total_bruto, descuento, impuestos, costo_total';

/** Months from the lines, then years from the months; `$1` = the tenant when `oneTenant`. */
export function salesRollupFillSql(oneTenant: boolean): string[] {
  const { month, year } = SALES_ROLLUPS;
  const tenant = (alias: string): string => (oneTenant ? `where ${alias}.tenant_id = $1::uuid` : '');
  return [
    `insert into ${month.table} (tenant_id, negocio_id, ${month.column}, estado, producto_id, ${SUM_COLUMNS})
     select l.tenant_id, l.negocio_id, date_trunc('month', l.fecha at time zone 'UTC')::date, l.estado, l.producto_id,
            sum(l.cantidad), sum(l.cantidad * l.precio_unitario), sum(l.descuento), sum(l.impuestos), sum(l.cantidad * l.costo_promedio)
       from venta_linea l ${tenant('l')}
      group by 1, 2, 3, 4, 5`,
    `insert into ${year.table} (tenant_id, negocio_id, ${year.column}, estado, producto_id, ${SUM_COLUMNS})
     select m.tenant_id, m.negocio_id, date_trunc('year', m.${month.column}::timestamp)::date, m.estado, m.producto_id,
            sum(m.cantidad), sum(m.total_bruto), sum(m.descuento), sum(m.impuestos), sum(m.costo_total)
       from ${month.table} m ${tenant('m')}
      group by 1, 2, 3, 4, 5`,
  ];
}
