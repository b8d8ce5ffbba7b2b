import { Query } from '@nestjs/cqrs';
import type { EstadoPago } from '../../domain/estado-pago';
import type { ListParams, ListSpec, Page } from '../listing';
import type { PagoView } from './pago.view';

export const PAGOS_LIST: ListSpec = {
  sortable: [
    'ano',
    'mes',
    'fechaDesde',
    'fechaHasta',
    'fechaPago',
    'estado',
    'tipoPago',
    'descripcion',
    'totalDevengados',
    'totalDeducciones',
    'totalNeto',
    'numeroEmpleados',
  ],
  defaultSort: [
    { field: 'ano', direction: 'desc' },
    { field: 'mes', direction: 'desc' },
    { field: 'fechaDesde', direction: 'desc' },
  ],
};

/** GET /pagos (CONTRACT §3.3). */
export class ListPagosQuery extends Query<Page<PagoView>> {
  constructor(
    readonly tenantId: string,
    readonly estados: readonly EstadoPago[],
    readonly list: ListParams,
  ) {
    super();
  }
}
