import { Query } from '@nestjs/cqrs';
import type { GrupoPagoRow } from '../list-grupos-pago/grupos-pago.sql';

/** GET /gruposPagos/{uuid} (CONTRACT §11.3): one group, the element of the list. */
export class GetGrupoPagoQuery extends Query<GrupoPagoRow> {
  constructor(
    readonly tenantId: string,
    readonly grupoId: string,
  ) {
    super();
  }
}
