import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { NominaError, NominaErrorCode } from '../../nomina.errors';
import { toVinculadoView, type VinculadoRow, type VinculadoView } from '../list-vinculados/vinculado.view';
import { GetVinculadoVigenteQuery } from './get-vinculado-vigente.query';
import { GET_VINCULADO_VIGENTE_SQL } from './get-vinculado-vigente.sql';

@QueryHandler(GetVinculadoVigenteQuery)
export class GetVinculadoVigenteHandler implements IQueryHandler<GetVinculadoVigenteQuery, VinculadoView> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, tipoDocumento, identificacion }: GetVinculadoVigenteQuery): Promise<VinculadoView> {
    const [row] = await this.sql.query<VinculadoRow | { uuid: null; nombreCompleto: string }>(GET_VINCULADO_VIGENTE_SQL, [
      tenantId,
      tipoDocumento,
      identificacion,
    ]);
    if (!row) {
      throw new NominaError(
        NominaErrorCode.EMPLEADO_NO_ENCONTRADO,
        `No existe un empleado con documento ${tipoDocumento} ${identificacion}. Revise el tipo y el número de documento.`,
      );
    }
    if (row.uuid === null) {
      throw new NominaError(
        NominaErrorCode.VINCULADO_VIGENTE_NO_ENCONTRADO,
        `El empleado con documento ${tipoDocumento} ${identificacion} no tiene una vinculación vigente hoy (está retirado o aún no ingresa). ` +
          'Sus vinculaciones están en GET /vinculados/empleado/{uuidEmpleado}.',
      );
    }
    return toVinculadoView(row);
  }
}
