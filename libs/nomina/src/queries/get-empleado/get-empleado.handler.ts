import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { NominaError, NominaErrorCode } from '../../nomina.errors';
import type { EmpleadoRow } from '../list-empleados/empleado.row';
import { GetEmpleadoQuery } from './get-empleado.query';
import { GET_EMPLEADO_SQL } from './get-empleado.sql';

@QueryHandler(GetEmpleadoQuery)
export class GetEmpleadoHandler implements IQueryHandler<GetEmpleadoQuery, EmpleadoRow> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, tipoDocumento, identificacion }: GetEmpleadoQuery): Promise<EmpleadoRow> {
    const [row] = await this.sql.query<EmpleadoRow>(GET_EMPLEADO_SQL, [tenantId, tipoDocumento, identificacion]);
    if (!row) {
      throw new NominaError(
        NominaErrorCode.EMPLEADO_NO_ENCONTRADO,
        `No existe un empleado con documento ${tipoDocumento} ${identificacion}. Revise el tipo y el número de documento.`,
      );
    }
    return row;
  }
}
