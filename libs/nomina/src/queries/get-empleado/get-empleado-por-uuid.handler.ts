import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { toWireUuid } from '@nomina-api/platform/http';
import { SqlReader } from '@nomina-api/platform/persistence';
import { NominaError, NominaErrorCode } from '../../nomina.errors';
import type { EmpleadoRow } from '../list-empleados/empleado.row';
import { GetEmpleadoPorUuidQuery } from './get-empleado-por-uuid.query';
import { GET_EMPLEADO_POR_UUID_SQL } from './get-empleado.sql';

@QueryHandler(GetEmpleadoPorUuidQuery)
export class GetEmpleadoPorUuidHandler implements IQueryHandler<GetEmpleadoPorUuidQuery, EmpleadoRow> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, empleadoId }: GetEmpleadoPorUuidQuery): Promise<EmpleadoRow> {
    const [row] = await this.sql.query<EmpleadoRow>(GET_EMPLEADO_POR_UUID_SQL, [tenantId, empleadoId]);
    if (!row) throw empleadoNoEncontrado(empleadoId);
    return row;
  }
}

/** The 404 of an operation that names a person by uuid (another tenant's is just as unknown). */
export function empleadoNoEncontrado(empleadoId: string): NominaError {
  return new NominaError(
    NominaErrorCode.EMPLEADO_NO_ENCONTRADO,
    `No existe el empleado ${toWireUuid(empleadoId)}. Use el empleadoUuid de un elemento de GET /empleados.`,
  );
}
