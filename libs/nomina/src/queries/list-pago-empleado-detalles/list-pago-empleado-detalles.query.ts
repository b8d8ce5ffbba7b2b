import { Query } from '@nestjs/cqrs';
import type { PagoEmpleadoDetalleRow } from './list-pago-empleado-detalles.sql';

/** GET /pagoEmpleadoDetalles/{uuidPagoEmpleado} (CONTRACT §3.5): all lines, not paged. */
export class ListPagoEmpleadoDetallesQuery extends Query<PagoEmpleadoDetalleRow[]> {
  constructor(
    readonly tenantId: string,
    readonly pagoEmpleadoId: string,
  ) {
    super();
  }
}
