import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import type { WholeList } from '../listing';

/** GET /empleados exported whole (CONTRACT §8): every bond current today, in the list's order. */
export class StreamEmpleadosQuery extends Query<Readable> {
  constructor(
    readonly tenantId: string,
    readonly list: WholeList,
  ) {
    super();
  }
}
