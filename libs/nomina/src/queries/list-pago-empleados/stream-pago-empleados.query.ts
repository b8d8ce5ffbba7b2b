import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import type { WholeList } from '../listing';

/** GET /pagoEmpleados exported whole (CONTRACT §8): every payslip of the payment, in the list's order. */
export class StreamPagoEmpleadosQuery extends Query<Readable> {
  constructor(
    readonly tenantId: string,
    readonly pagoId: string,
    readonly list: WholeList,
  ) {
    super();
  }
}
