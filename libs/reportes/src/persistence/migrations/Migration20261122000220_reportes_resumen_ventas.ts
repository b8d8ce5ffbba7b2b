import { Migration } from '@mikro-orm/migrations';
import { RESUMEN_VENTAS, resumenVentasFillSql } from '../resumen-ventas';

/**
 * Sales rollups for the grouped profitability report (see ../resumen-ventas.ts): the report reads
 * whole UTC years and months from them and only the partial months at the edges of its range from
 * venta_linea. A calendar year of the large bench business is ≈ 4 000 yearly rows instead of
 * ≈ 500 000 lines (or 39 000 monthly rows, whose numeric aggregation alone takes 150–200 ms).
 * Sums stay numeric: sale quantities may have any number of decimals, so a scaled int8 could not
 * hold them exactly.
 *
 * No foreign keys, like venta_linea: the importer writes and deletes them per tenant. Existing
 * databases are backfilled here from their lines, so the report is right from the first request.
 */
export class Migration20261122000220_reportes_resumen_ventas extends Migration {
  override async up(): Promise<void> {
    for (const { table, column } of Object.values(RESUMEN_VENTAS)) {
      this.addSql(`
        create table ${table} (
          tenant_id uuid not null,
          negocio_id uuid not null,
          ${column} date not null,
          estado varchar(10) not null,
          producto_id uuid not null,
          cantidad numeric not null,
          total_bruto numeric not null,
          descuento numeric not null,
          impuestos numeric not null,
          costo_total numeric not null,
          primary key (tenant_id, negocio_id, ${column}, estado, producto_id)
        )`);
    }
    for (const sql of resumenVentasFillSql(false)) this.addSql(sql);
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists ${Object.values(RESUMEN_VENTAS)
        .map((r) => r.table)
        .join(', ')}`,
    );
  }
}
