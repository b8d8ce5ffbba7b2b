import type { Readable } from 'node:stream';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { orderBy } from '../listing';
import { toView } from './list-pagos.handler';
import { listPagosSql, PAGO_SORT_COLUMNS, PAGO_TIE_BREAKER, type PagoRow } from './list-pagos.sql';
import type { PagoView } from './pago.view';
import { StreamPagosQuery } from './stream-pagos.query';

/** The list's own statement without limit/offset, read through a cursor (the read kit's stream). */
@QueryHandler(StreamPagosQuery)
export class StreamPagosHandler implements IQueryHandler<StreamPagosQuery, Readable> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, estados, list }: StreamPagosQuery): Promise<Readable> {
    const { page } = listPagosSql(list.filter !== undefined, orderBy(list.sort, PAGO_SORT_COLUMNS, PAGO_TIE_BREAKER));
    const values: unknown[] = [tenantId, estados];
    if (list.filter !== undefined) values.push(list.filter);
    return (await this.sql.stream<PagoRow, PagoView>(page, values, { map: toView })).rows;
  }
}
