import { Query } from '@nestjs/cqrs';
import type { EstadoPago } from '../../domain/estado-pago';
import { type ListParams, listSpec, type Page } from '../listing';
import { HISTORIAL_SORT_COLUMNS, type HistorialPagoRow } from './historial-pagos.sql';

export const HISTORIAL_PAGOS_LIST = listSpec(HISTORIAL_SORT_COLUMNS, [
  { field: 'fechaDesde', direction: 'desc' },
  { field: 'fechaPago', direction: 'desc' },
]);

/** GET /pagoEmpleados/{uuidEmpleado}/historialPagos (CONTRACT §11.2). An unknown person → 404. */
export class HistorialPagosQuery extends Query<Page<HistorialPagoRow>> {
  constructor(
    readonly tenantId: string,
    /** Canonical lowercase uuid. */
    readonly empleadoId: string,
    /** Absent: every estado. */
    readonly estados: readonly EstadoPago[] | undefined,
    readonly list: ListParams,
  ) {
    super();
  }
}
