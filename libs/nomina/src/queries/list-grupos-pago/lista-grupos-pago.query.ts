import { Query } from '@nestjs/cqrs';
import type { GrupoPagoResumenRow } from './grupos-pago.sql';

/** GET /gruposPagos/listagrupos (CONTRACT §11.3): every group (uuid, codigo, nombre), not paged. */
export class ListaGruposPagoQuery extends Query<GrupoPagoResumenRow[]> {
  constructor(readonly tenantId: string) {
    super();
  }
}
