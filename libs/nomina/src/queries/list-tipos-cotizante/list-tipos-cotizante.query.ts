import { Query } from '@nestjs/cqrs';
import type { TipoCotizanteRow } from './list-tipos-cotizante.sql';

/** GET /vinculados/tiposCotizante (CONTRACT §11.1): the tenant's catalog, ordered by codigo, not paged. */
export class ListTiposCotizanteQuery extends Query<TipoCotizanteRow[]> {
  constructor(readonly tenantId: string) {
    super();
  }
}
