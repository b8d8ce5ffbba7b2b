import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { orderBy, type Page } from '../listing';
import { ListPagoEmpleadosQuery } from './list-pago-empleados.query';
import {
  listPagoEmpleadosSql,
  PAGO_EMPLEADO_SORT_COLUMNS,
  PAGO_EMPLEADO_TIE_BREAKER,
  type PagoEmpleadoRow,
} from './list-pago-empleados.sql';

/** An unknown payment (or another tenant's) simply has no payslips: 200 with an empty list. */
@QueryHandler(ListPagoEmpleadosQuery)
export class ListPagoEmpleadosHandler implements IQueryHandler<ListPagoEmpleadosQuery, Page<PagoEmpleadoRow>> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, pagoId, list }: ListPagoEmpleadosQuery): Promise<Page<PagoEmpleadoRow>> {
    const { page, count } = listPagoEmpleadosSql(
      list.filter !== undefined,
      orderBy(list.sort, PAGO_EMPLEADO_SORT_COLUMNS, PAGO_EMPLEADO_TIE_BREAKER),
    );
    const values: unknown[] = [tenantId, pagoId];
    if (list.filter !== undefined) values.push(list.filter);
    return this.sql.page<PagoEmpleadoRow>(page, count, values, list);
  }
}
