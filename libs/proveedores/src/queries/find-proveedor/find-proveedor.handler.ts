import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { ProveedoresError, ProveedoresErrorCode } from '../../proveedores.errors';
import { type ProveedorRecord, type ProveedorRow, toProveedorRecord } from '../proveedor-record';
import { FIND_PROVEEDOR_SQL } from './find-proveedor.sql';
import { FindProveedorQuery } from './find-proveedor.query';

/** Definitive establishments first; the entry tables only for a supplier with none there. Not found anywhere → 404. */
@QueryHandler(FindProveedorQuery)
export class FindProveedorHandler implements IQueryHandler<FindProveedorQuery> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, identificacion }: FindProveedorQuery): Promise<ProveedorRecord[]> {
    const rows = await this.sql.query<ProveedorRow>(FIND_PROVEEDOR_SQL, [tenantId, identificacion]);
    if (rows.length === 0) {
      throw new ProveedoresError(
        ProveedoresErrorCode.PROVEEDOR_NO_ENCONTRADO,
        `No existe un proveedor con identificación ${identificacion} en su empresa, ni en las tablas definitivas ni en las de entrada. ` +
          'Verifique el número (sin dígito de verificación) o consulte GET /proveedor para ver la lista.',
      );
    }
    return rows.map(toProveedorRecord);
  }
}
