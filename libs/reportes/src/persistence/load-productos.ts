import type { Client } from 'pg';
import { copyRows } from '@nomina-api/platform/persistence/bulk/copy-writer';
import { uuidKey } from '@nomina-api/platform/persistence/bulk/keys';
import { TABLES, type TableTarget } from '@nomina-api/platform/persistence/bulk/staging';
import type { CategoriaInput, ProductoInput } from './dataset.types';
import { REPORTES_COLUMNS as COLUMNS } from './tables';

/** Categories and products: what the streamed sales refer to. */
export async function loadProductos(
  client: Client,
  tenantKey: string,
  data: { categorias?: CategoriaInput[]; productos?: ProductoInput[] },
  into: TableTarget = TABLES,
): Promise<void> {
  await copyRows(
    client,
    into('categoria'),
    COLUMNS.categoria,
    (data.categorias ?? []).map((c) => [tenantKey, uuidKey(c.uuid), c.nombre]),
  );
  await copyRows(
    client,
    into('producto'),
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
