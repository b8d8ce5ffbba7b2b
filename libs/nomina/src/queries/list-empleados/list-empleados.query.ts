import { Query } from '@nestjs/cqrs';
import type { ListParams } from '../../http/list-params';
import type { Page } from '@app/platform/persistence/sql-reader';
import type { EmpleadoRow } from './empleado.row';

/** GET /empleados (CONTRACT §3.9): one element per bond current today (America/Bogota). */
export class ListEmpleadosQuery extends Query<Page<EmpleadoRow>> {
  constructor(
    readonly tenantId: string,
    readonly list: ListParams,
  ) {
    super();
  }
}
