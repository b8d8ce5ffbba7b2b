import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence/sql-reader';
import { orderBy, type Page } from '../listing';
import { ListPagosQuery } from './list-pagos.query';
import { listPagosSql, PAGO_SORT_COLUMNS, PAGO_TIE_BREAKER, type PagoRow } from './list-pagos.sql';
import type { PagoView } from './pago.view';

@QueryHandler(ListPagosQuery)
export class ListPagosHandler implements IQueryHandler<ListPagosQuery, Page<PagoView>> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, estados, list }: ListPagosQuery): Promise<Page<PagoView>> {
    const { page, count } = listPagosSql(list.filter !== undefined, orderBy(list.sort, PAGO_SORT_COLUMNS, PAGO_TIE_BREAKER));
    const values: unknown[] = [tenantId, estados];
    if (list.filter !== undefined) values.push(list.filter);
    const { rows, total } = await this.sql.page<PagoRow>(page, count, values, list);
    return { rows: rows.map(toView), total };
  }
}

export function toView({ grupoUuid, grupoCodigo, grupoNombre, total: _total, ...pago }: PagoRow): PagoView {
  return {
    ...pago,
    grupoPago: grupoUuid === null ? null : { uuid: grupoUuid, codigo: grupoCodigo as string, nombre: grupoNombre as string },
  };
}
