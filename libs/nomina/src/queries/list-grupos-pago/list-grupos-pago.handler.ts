import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { orderBy, type Page, type WholeList } from '../listing';
import {
  GRUPO_PAGO_SORT_COLUMNS,
  GRUPO_PAGO_TIE_BREAKER,
  type GrupoPagoRow,
  listGruposPagoSql,
  type ListGruposPagoRow,
} from './grupos-pago.sql';
import { ListGruposPagoQuery } from './list-grupos-pago.query';

@QueryHandler(ListGruposPagoQuery)
export class ListGruposPagoHandler implements IQueryHandler<ListGruposPagoQuery, Page<GrupoPagoRow>> {
  constructor(private readonly sql: SqlReader) {}

  execute({ tenantId, list }: ListGruposPagoQuery): Promise<Page<GrupoPagoRow>> {
    const { text, values } = gruposPagoStatement(tenantId, list);
    return this.sql.page<ListGruposPagoRow>(text.page, text.count, values, list);
  }
}

/** The statements of the group list and their values: tenant, then the filter if any. */
export function gruposPagoStatement(tenantId: string, list: WholeList): { text: ReturnType<typeof listGruposPagoSql>; values: unknown[] } {
  const filtered = list.filter !== undefined;
  const text = listGruposPagoSql(filtered, orderBy(list.sort, GRUPO_PAGO_SORT_COLUMNS, GRUPO_PAGO_TIE_BREAKER));
  return { text, values: filtered ? [tenantId, list.filter] : [tenantId] };
}
