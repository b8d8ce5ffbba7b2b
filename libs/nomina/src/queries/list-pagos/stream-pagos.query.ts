import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import type { EstadoPago } from '../../domain/estado-pago';
import type { WholeList } from '../listing';

/** GET /pagos exported whole (CONTRACT §8): every matching payment, as PagoView objects in the list's order. */
export class StreamPagosQuery extends Query<Readable> {
  constructor(
    readonly tenantId: string,
    readonly estados: readonly EstadoPago[],
    readonly list: WholeList,
  ) {
    super();
  }
}
