import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { orderBy, type Page } from '../listing';
import type { EmpleadoRow } from './empleado.row';
import { ListEmpleadosQuery } from './list-empleados.query';
import { EMPLEADO_SORT_COLUMNS, EMPLEADO_TIE_BREAKER, listEmpleadosSql, type ListEmpleadosRow } from './list-empleados.sql';

@QueryHandler(ListEmpleadosQuery)
export class ListEmpleadosHandler implements IQueryHandler<ListEmpleadosQuery, Page<EmpleadoRow>> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, list }: ListEmpleadosQuery): Promise<Page<EmpleadoRow>> {
    const { page, count } = listEmpleadosSql(list.filter !== undefined, orderBy(list.sort, EMPLEADO_SORT_COLUMNS, EMPLEADO_TIE_BREAKER));
    const values: unknown[] = [tenantId];
    if (list.filter !== undefined) values.push(list.filter);
    return this.sql.page<ListEmpleadosRow>(page, count, values, list);
  }
}
