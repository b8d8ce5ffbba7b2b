import { Query } from '@nestjs/cqrs';
import { type ListParams, listSpec, type Page } from '../listing';
import { GRUPO_PAGO_SORT_COLUMNS, type GrupoPagoRow } from './grupos-pago.sql';

export const GRUPOS_PAGO_LIST = listSpec(GRUPO_PAGO_SORT_COLUMNS, [{ field: 'codigo', direction: 'asc' }]);

/** GET /gruposPagos (CONTRACT §11.3): a page of the tenant's payment groups with their payment counts. */
export class ListGruposPagoQuery extends Query<Page<GrupoPagoRow>> {
  constructor(
    readonly tenantId: string,
    readonly list: ListParams,
  ) {
    super();
  }
}
