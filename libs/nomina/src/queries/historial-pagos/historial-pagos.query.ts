import { Query } from '@nestjs/cqrs';
import type { EstadoPago } from '../../domain/estado-pago';
import type { ListParams, ListSpec, Page } from '../listing';
import type { HistorialPagoRow } from './historial-pagos.sql';

export const HISTORIAL_PAGOS_LIST: ListSpec = {
  sortable: ['ano', 'mes', 'fechaDesde', 'fechaPago', 'estado', 'tipoPago', 'totalDevengados', 'totalDeducciones', 'totalNeto'],
  defaultSort: [
    { field: 'fechaDesde', direction: 'desc' },
    { field: 'fechaPago', direction: 'desc' },
  ],
};

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
