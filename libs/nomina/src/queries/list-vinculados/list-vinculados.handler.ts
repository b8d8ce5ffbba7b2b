import type { Readable } from 'node:stream';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { orderBy, type Page } from '../listing';
import { ListVinculadosQuery } from './list-vinculados.query';
import { toVinculadoView, type VinculadoRow, type VinculadoView } from './vinculado.view';
import { listVinculadosSql, type ListVinculadosRow, VINCULADO_SORT_COLUMNS, VINCULADO_TIE_BREAKER } from './vinculados.sql';

@QueryHandler(ListVinculadosQuery)
export class ListVinculadosHandler implements IQueryHandler<ListVinculadosQuery, Page<VinculadoView> | Readable> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, alcance, list }: ListVinculadosQuery): Promise<Page<VinculadoView> | Readable> {
    const filtered = list.filter !== undefined;
    const text = listVinculadosSql(alcance, filtered, orderBy(list.sort, VINCULADO_SORT_COLUMNS[alcance], VINCULADO_TIE_BREAKER));
    const values = filtered ? [tenantId, list.filter] : [tenantId];
    // The whole list: the page's statement without the count and the page, through a cursor, one
    // array per fetch (the writer takes a batch at a time; files read it row by row, nominaListOrWhole).
    if (!list.paged) {
      return (await this.sql.stream<VinculadoRow, VinculadoView>(text.whole, values, { map: toVinculadoView, batches: true })).rows;
    }
    const { rows, total } = await this.sql.page<ListVinculadosRow>(text.page, text.count, values, list);
    return { rows: rows.map(toVinculadoView), total };
  }
}
