import { Query } from '@nestjs/cqrs';
import type { TipoDocumento } from '../../domain/tipo-documento';
import type { VinculadoView } from '../list-vinculados/vinculado.view';

/** GET /vinculados/integracion/empleado/{tipoDocumento}/{idEmpleado} (CONTRACT §11.1): the person's current bond. */
export class GetVinculadoVigenteQuery extends Query<VinculadoView> {
  constructor(
    readonly tenantId: string,
    readonly tipoDocumento: TipoDocumento,
    readonly identificacion: string,
  ) {
    super();
  }
}
