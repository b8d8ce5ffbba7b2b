import { Query } from '@nestjs/cqrs';
import type { ListParams, ListSpec, Page } from '../listing';
import type { PagoEmpleadoRow } from './list-pago-empleados.sql';

export const PAGO_EMPLEADOS_LIST: ListSpec = {
  sortable: ['nombreCompleto', 'identificacion', 'salarioBase', 'diasTrabajados', 'totalDevengados', 'totalDeducciones', 'totalNeto'],
  defaultSort: [{ field: 'nombreCompleto', direction: 'asc' }],
};

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
