import { Query } from '@nestjs/cqrs';
import type { EmpleadoRow } from '../list-empleados/empleado.row';

/** GET /empleados/{uuid} (CONTRACT §11.2): the answer of GET /empleados/{tipoDocumento}/{identificacion}, by the person's uuid. */
export class GetEmpleadoPorUuidQuery extends Query<EmpleadoRow> {
  constructor(
    readonly tenantId: string,
    /** Canonical lowercase uuid. */
    readonly empleadoId: string,
  ) {
    super();
  }
}
