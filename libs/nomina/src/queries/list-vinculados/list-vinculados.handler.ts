import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { orderBy, type Page, type WholeList } from '../listing';
import { ListVinculadosQuery } from './list-vinculados.query';
import { toVinculadoView, type VinculadoView } from './vinculado.view';
import {
  type AlcanceVinculados,
  listVinculadosSql,
  type ListVinculadosRow,
  VINCULADO_SORT_COLUMNS,
  VINCULADO_TIE_BREAKER,
} from './vinculados.sql';

@QueryHandler(ListVinculadosQuery)
export class ListVinculadosHandler implements IQueryHandler<ListVinculadosQuery, Page<VinculadoView>> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, alcance, list }: ListVinculadosQuery): Promise<Page<VinculadoView>> {
    const { text, values } = vinculadosStatement(tenantId, alcance, list);
    const { rows, total } = await this.sql.page<ListVinculadosRow>(text.page, text.count, values, list);
    return { rows: rows.map(toVinculadoView), total };
  }
}

/** The statements of a bond list and their values: tenant, then the filter if any. */
export function vinculadosStatement(
  tenantId: string,
  alcance: AlcanceVinculados,
  list: WholeList,
): { text: ReturnType<typeof listVinculadosSql>; values: unknown[] } {
  const filtered = list.filter !== undefined;
  const text = listVinculadosSql(alcance, filtered, orderBy(list.sort, VINCULADO_SORT_COLUMNS[alcance], VINCULADO_TIE_BREAKER));
  return { text, values: filtered ? [tenantId, list.filter] : [tenantId] };
}
