import type { Readable } from 'node:stream';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { orderBy } from '../listing';
import { listPagoEmpleadosSql, PAGO_EMPLEADO_SORT_COLUMNS, PAGO_EMPLEADO_TIE_BREAKER } from './list-pago-empleados.sql';
import { StreamPagoEmpleadosQuery } from './stream-pago-empleados.query';

/** The list's own statement without limit/offset, read through a cursor (the read kit's stream). */
@QueryHandler(StreamPagoEmpleadosQuery)
export class StreamPagoEmpleadosHandler implements IQueryHandler<StreamPagoEmpleadosQuery, Readable> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, pagoId, list }: StreamPagoEmpleadosQuery): Promise<Readable> {
    const { page } = listPagoEmpleadosSql(
      list.filter !== undefined,
      orderBy(list.sort, PAGO_EMPLEADO_SORT_COLUMNS, PAGO_EMPLEADO_TIE_BREAKER),
    );
    const values: unknown[] = [tenantId, pagoId];
    if (list.filter !== undefined) values.push(list.filter);
    return (await this.sql.stream(page, values)).rows;
  }
}
