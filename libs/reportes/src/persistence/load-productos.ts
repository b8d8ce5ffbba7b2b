import type { Client } from 'pg';
import { copyItems, TABLES, type TableTarget, uuidKey } from '@nomina-api/platform/bulk';
import type { CategoriaInput, ProductoInput } from './dataset.types';
import { REPORTES_COLUMNS as COLUMNS } from './tables';

/** Categories and products: what the streamed sales refer to. */
export async function loadProductos(
  client: Client,
  tenantKey: string,
  /** Each a list, or the file read again. */
  data: {
    categorias?: Iterable<CategoriaInput> | AsyncIterable<CategoriaInput>;
    productos?: Iterable<ProductoInput> | AsyncIterable<ProductoInput>;
  },
  into: TableTarget = TABLES,
): Promise<void> {
  await copyItems(client, into('categoria'), COLUMNS.categoria, data.categorias ?? [], (c) => [tenantKey, uuidKey(c.uuid), c.nombre]);
  await copyItems(client, into('producto'), COLUMNS.producto, data.productos ?? [], (p) => [
    tenantKey,
    uuidKey(p.uuid),
    uuidKey(p.negocio),
    p.categoria == null ? null : uuidKey(p.categoria),
    p.codigo,
    p.nombre,
  ]);
}
