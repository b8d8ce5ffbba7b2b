import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type SnapshotQuery, SqlReader } from '@nomina-api/platform/persistence';
import { type ProveedorRow, toProveedorRecord } from '../proveedor-record';
import { ALL_PROVEEDORES_SQL, COUNT_PROVEEDORES_SQL, PAGE_PROVEEDORES_SQL } from './list-proveedores.sql';
import { type ListProveedoresResult, ListProveedoresQuery, type ProveedoresPaging } from './list-proveedores.query';

/**
 * A page is a plain read; the complete list is a cursor, so a tenant with 100 000 records never
 * has them all in memory. Either way the total is counted in the same snapshot as the rows.
 */
@QueryHandler(ListProveedoresQuery)
export class ListProveedoresHandler implements IQueryHandler<ListProveedoresQuery> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, paging }: ListProveedoresQuery): Promise<ListProveedoresResult> {
    if (paging) return this.page(tenantId, paging);
    const { head: total, rows: records } = await this.sql.stream(ALL_PROVEEDORES_SQL, [tenantId], {
      map: toProveedorRecord,
      head: (query) => countProveedores(query, tenantId),
    });
    return { paginated: false, total, records };
  }

  private async page(tenantId: string, paging: ProveedoresPaging): Promise<ListProveedoresResult> {
    return this.sql.readOnlySnapshot(async (query) => {
      const total = await countProveedores(query, tenantId);
      const rows = await query<ProveedorRow>(PAGE_PROVEEDORES_SQL, [tenantId, paging.limite, paging.pagina * paging.limite]);
      return { paginated: true, paging, total, records: rows.map(toProveedorRecord) };
    });
  }
}

async function countProveedores(query: SnapshotQuery, tenantId: string): Promise<number> {
  const [{ total }] = await query<{ total: string }>(COUNT_PROVEEDORES_SQL, [tenantId]);
  return Number(total);
}
