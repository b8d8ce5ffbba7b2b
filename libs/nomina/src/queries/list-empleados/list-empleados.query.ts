import { Query } from '@nestjs/cqrs';
import type { ListParams, ListSpec, Page } from '../listing';
import type { EmpleadoRow } from './empleado.row';

export const EMPLEADOS_LIST: ListSpec = {
  sortable: ['nombreCompleto', 'identificacion', 'fechaIngreso', 'salarioBase'],
  defaultSort: [{ field: 'nombreCompleto', direction: 'asc' }],
};

/** GET /empleados (CONTRACT §3.9): one element per bond current today (America/Bogota). */
export class ListEmpleadosQuery extends Query<Page<EmpleadoRow>> {
  constructor(
    readonly tenantId: string,
    readonly list: ListParams,
  ) {
    super();
  }
}
