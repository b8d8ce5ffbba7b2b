import { Query } from '@nestjs/cqrs';
import type { ListParams } from '../../http/list-params';
import type { Page } from '@app/platform/persistence/sql-reader';
import type { PagoView } from './pago.view';

export const ESTADOS_PAGO = ['EP', 'PA', 'PP', 'PG', 'RE', 'AN'] as const;
export type EstadoPago = (typeof ESTADOS_PAGO)[number];

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
