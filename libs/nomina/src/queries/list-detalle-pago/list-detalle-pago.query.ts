import { Query } from '@nestjs/cqrs';
import type { DetallePagoRow } from './list-detalle-pago.sql';

/** GET /pagoEmpleadoDetalles/detallePago/{idPago} (CONTRACT §3.6): one row per concept, not paged. */
export class ListDetallePagoQuery extends Query<DetallePagoRow[]> {
  constructor(
    readonly tenantId: string,
    readonly pagoId: string,
  ) {
    super();
  }
}
