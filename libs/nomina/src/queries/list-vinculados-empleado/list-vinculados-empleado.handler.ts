import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { toWireUuid } from '@nomina-api/platform/http';
import { SqlReader } from '@nomina-api/platform/persistence';
import { NominaError, NominaErrorCode } from '../../nomina.errors';
import { toVinculadoView, type VinculadoRow, type VinculadoView } from '../list-vinculados/vinculado.view';
import { ListVinculadosEmpleadoQuery } from './list-vinculados-empleado.query';
import { VINCULADOS_EMPLEADO_SQL } from './list-vinculados-empleado.sql';

@QueryHandler(ListVinculadosEmpleadoQuery)
export class ListVinculadosEmpleadoHandler implements IQueryHandler<ListVinculadosEmpleadoQuery, VinculadoView[]> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, empleadoId }: ListVinculadosEmpleadoQuery): Promise<VinculadoView[]> {
    const rows = await this.sql.query<VinculadoRow | { uuid: null }>(VINCULADOS_EMPLEADO_SQL, [tenantId, empleadoId]);
    if (rows.length === 0) {
      throw new NominaError(
        NominaErrorCode.EMPLEADO_NO_ENCONTRADO,
        `No existe el empleado ${toWireUuid(empleadoId)}. Use el empleadoUuid de un elemento de GET /vinculados o GET /empleados.`,
      );
    }
    return rows.filter((r): r is VinculadoRow => r.uuid !== null).map(toVinculadoView);
  }
}
