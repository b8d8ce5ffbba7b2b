import { Query } from '@nestjs/cqrs';
import type { EstadoPago } from '../../domain/estado-pago';
import { type ListParams, listSpec, type Page } from '../listing';
import type { PagoView } from './pago.view';
import { PAGO_SORT_COLUMNS } from './list-pagos.sql';

export const PAGOS_LIST = listSpec(PAGO_SORT_COLUMNS, [
  { field: 'ano', direction: 'desc' },
  { field: 'mes', direction: 'desc' },
  { field: 'fechaDesde', direction: 'desc' },
]);

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
