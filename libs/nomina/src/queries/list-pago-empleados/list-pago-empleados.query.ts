import { Query } from '@nestjs/cqrs';
import { type ListParams, listSpec, type Page } from '../listing';
import { type PagoEmpleadoRow, PAGO_EMPLEADO_SORT_COLUMNS } from './list-pago-empleados.sql';

export const PAGO_EMPLEADOS_LIST = listSpec(PAGO_EMPLEADO_SORT_COLUMNS, [{ field: 'nombreCompleto', direction: 'asc' }]);

/** GET /pagoEmpleados?params[pago]= (CONTRACT §3.4). `pagoId` is a canonical uuid. */
export class ListPagoEmpleadosQuery extends Query<Page<PagoEmpleadoRow>> {
  constructor(
    readonly tenantId: string,
    readonly pagoId: string,
    readonly list: ListParams,
  ) {
    super();
  }
}
