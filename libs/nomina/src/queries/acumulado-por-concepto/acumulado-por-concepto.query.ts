import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';

/**
 * GET /pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}/{porContacto}
 * (CONTRACT §11.2): the whole result as an object stream of AcumuladoConceptoRow
 * (porContacto=false) or AcumuladoConceptoContactoRow (true), in the contract's order, one array
 * per cursor batch (one stream step per batch instead of per row on a result of thousands). Not
 * paged: bonds × concepts over years can be large, so it is read through a cursor and written as
 * it comes. The stream holds a pooled connection until it ends or is destroyed.
 */
export class AcumuladoPorConceptoQuery extends Query<Readable> {
  constructor(
    readonly tenantId: string,
    /** 'YYYY-MM-DD', validated, fechaDesde ≤ fechaHasta. */
    readonly fechaDesde: string,
    readonly fechaHasta: string,
    /** true: only concepts with baseAportes. */
    readonly paraAportes: boolean,
    /** true: one element per concept per bond; false: one per concept. */
    readonly porContacto: boolean,
  ) {
    super();
  }
}
