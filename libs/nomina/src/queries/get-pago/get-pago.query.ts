import { Query } from '@nestjs/cqrs';
import type { PagoView } from '../list-pagos/pago.view';

/** GET /pagos/{uuid} (CONTRACT §11.2): one payment header, the element of GET /pagos. */
export class GetPagoQuery extends Query<PagoView> {
  constructor(
    readonly tenantId: string,
    /** Canonical lowercase uuid. */
    readonly pagoId: string,
  ) {
    super();
  }
}
