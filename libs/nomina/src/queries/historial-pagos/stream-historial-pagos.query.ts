import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import type { EstadoPago } from '../../domain/estado-pago';
import type { WholeList } from '../listing';

/** The person's history exported whole (CONTRACT §8): HistorialPagoRow objects in the list's order. An unknown person → 404. */
export class StreamHistorialPagosQuery extends Query<Readable> {
  constructor(
    readonly tenantId: string,
    readonly empleadoId: string,
    readonly estados: readonly EstadoPago[] | undefined,
    readonly list: WholeList,
  ) {
    super();
  }
}
