import type { Readable } from 'node:stream';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { orderBy } from '../listing';
import { EMPLEADO_SORT_COLUMNS, EMPLEADO_TIE_BREAKER, listEmpleadosSql } from './list-empleados.sql';
import { StreamEmpleadosQuery } from './stream-empleados.query';

/** The list's own statement without limit/offset, read through a cursor (the read kit's stream). */
@QueryHandler(StreamEmpleadosQuery)
export class StreamEmpleadosHandler implements IQueryHandler<StreamEmpleadosQuery, Readable> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, list }: StreamEmpleadosQuery): Promise<Readable> {
    const { page } = listEmpleadosSql(list.filter !== undefined, orderBy(list.sort, EMPLEADO_SORT_COLUMNS, EMPLEADO_TIE_BREAKER));
    const values: unknown[] = [tenantId];
    if (list.filter !== undefined) values.push(list.filter);
    return (await this.sql.stream(page, values)).rows;
  }
}
