import { Query } from '@nestjs/cqrs';
import { type ListParams, listSpec, type Page } from '../listing';
import type { EmpleadoRow } from './empleado.row';
import { EMPLEADO_SORT_COLUMNS } from './list-empleados.sql';

export const EMPLEADOS_LIST = listSpec(EMPLEADO_SORT_COLUMNS, [{ field: 'nombreCompleto', direction: 'asc' }]);

/** GET /empleados (CONTRACT §3.9): one element per bond current today (America/Bogota). */
export class ListEmpleadosQuery extends Query<Page<EmpleadoRow>> {
  constructor(
    readonly tenantId: string,
    readonly list: ListParams,
  ) {
    super();
  }
}
