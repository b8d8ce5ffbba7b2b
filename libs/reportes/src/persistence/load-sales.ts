import type { Client } from 'pg';
import {
  BinaryCopy,
  BinaryRows,
  copyBinary,
  copyRows,
  FIELD_BYTES,
  instantMicros,
  loadInBatches,
  toCents,
  uuidBytes,
  uuidKey,
} from '@nomina-api/platform/bulk';
import type { CategoriaInput, ProductoInput, VentaInput } from './dataset.types';
import { SalesRollup } from './sales-rollups';
import { REPORTES_COLUMNS as COLUMNS } from './tables';

/** Categories and products: what the streamed sales refer to. */
export async function loadProductCatalog(
  client: Client,
  tenantKey: string,
  data: { categorias?: CategoriaInput[]; productos?: ProductoInput[] },
): Promise<void> {
  await copyRows(
    client,
    'categoria',
    COLUMNS.categoria,
    (data.categorias ?? []).map((c) => [tenantKey, uuidKey(c.uuid), c.nombre]),
  );
  await copyRows(
    client,
    'producto',
    COLUMNS.producto,
    (data.productos ?? []).map((p) => [
      tenantKey,
      uuidKey(p.uuid),
      uuidKey(p.negocio),
      p.categoria == null ? null : uuidKey(p.categoria),
      p.codigo,
      p.nombre,
    ]),
  );
}

/**
 * Sales and their lines, both in binary COPY format. Each line carries its sale's business, date
 * and status (the profitability report reads only venta_linea) and its position in the sale as
 * `linea`. The tenant's sales rollups (per product and month / year) are
 * summed on the way (sales-rollups.ts) and written after the lines, in the same transaction.
 */

export interface SalesCounts {
  ventas: number;
  lineas: number;
}

const BATCH_LINES = 200_000;

const VENTA_ROW_BYTES = 3 * FIELD_BYTES.uuid + FIELD_BYTES.timestamp + FIELD_BYTES.text('Pendiente');
const LINE_ROW_BYTES =
  4 * FIELD_BYTES.uuid +
  FIELD_BYTES.int32 +
  FIELD_BYTES.timestamp +
  FIELD_BYTES.text('Pendiente') +
  3 * FIELD_BYTES.numeric +
  2 * FIELD_BYTES.decimal;

export async function loadSales(
  client: Client,
  tenantKey: string,
  ventas: Iterable<VentaInput> | AsyncIterable<VentaInput>,
  onLines: (lines: number) => void,
): Promise<SalesCounts> {
  const counts: SalesCounts = { ventas: 0, lineas: 0 };
  const tenant = uuidBytes(tenantKey);
  let ventaRows = new BinaryRows();
  const rollup = new SalesRollup();
  await loadInBatches(ventas, {
    batchLines: BATCH_LINES,
    openLines: () => BinaryCopy.open(client, 'venta_linea', COLUMNS.venta_linea),
    writeItem: async (venta, lines) => {
      const id = uuidBytes(venta.uuid);
      const negocio = uuidBytes(venta.negocio);
      const fecha = instantMicros(venta.fecha);
      ventaRows.row(5, VENTA_ROW_BYTES).uuid(tenant).uuid(id).uuid(negocio).timestamp(fecha).text(venta.estado);
      venta.lineas.forEach((l, linea) => {
        lines.rows
          .row(12, LINE_ROW_BYTES)
          .uuid(tenant)
          .uuid(id)
          .int32(linea)
          .uuid(negocio)
          .timestamp(fecha)
          .text(venta.estado)
          .uuidText(l.producto)
          .decimal(l.cantidad)
          .numeric(toCents(l.precioUnitario), 2)
          .numeric(toCents(l.descuento ?? 0), 2)
          .numeric(toCents(l.impuestos ?? 0), 2)
          .decimal(l.costoPromedio);
      });
      rollup.addSale(venta);
      counts.ventas++;
      counts.lineas += venta.lineas.length;
      if (lines.rows.hasFullChunks) {
        onLines(counts.lineas);
        await lines.sendFull();
      }
      return venta.lineas.length;
    },
    flushBatch: async () => {
      await copyBinary(client, 'venta', COLUMNS.venta, ventaRows);
      ventaRows = new BinaryRows();
    },
  });
  await rollup.write(client, tenantKey);
  onLines(counts.lineas);
  return counts;
}
