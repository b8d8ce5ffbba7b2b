import { Query } from '@nestjs/cqrs';
import type { TipoDocumento } from '../../domain/tipo-documento';
import type { EmpleadoRow } from '../list-empleados/empleado.row';

/** GET /empleados/{tipoDocumento}/{identificacion} (CONTRACT §3.9). */
export class GetEmpleadoQuery extends Query<EmpleadoRow> {
  constructor(
    readonly tenantId: string,
    readonly tipoDocumento: TipoDocumento,
    readonly identificacion: string,
  ) {
    super();
  }
}
