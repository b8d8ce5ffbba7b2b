import { Query } from '@nestjs/cqrs';
import type { ListParams } from '../../http/list-params';
import type { Page } from '@app/platform/persistence/sql-reader';
import type { PagoEmpleadoRow } from './list-pago-empleados.sql';

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
