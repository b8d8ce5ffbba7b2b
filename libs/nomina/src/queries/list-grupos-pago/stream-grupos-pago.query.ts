import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import type { WholeList } from '../listing';

/** GET /gruposPagos exported whole (CONTRACT §8): every group, in the list's order. */
export class StreamGruposPagoQuery extends Query<Readable> {
  constructor(
    readonly tenantId: string,
    readonly list: WholeList,
  ) {
    super();
  }
}
