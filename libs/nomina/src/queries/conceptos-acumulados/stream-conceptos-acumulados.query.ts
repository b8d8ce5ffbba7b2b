import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import type { WholeList } from '../listing';

/**
 * The accumulated concepts exported whole (CONTRACT §8): every bond of the range, as
 * ConceptoAcumuladoRow objects in the list's order.
 */
export class StreamConceptosAcumuladosQuery extends Query<Readable> {
  constructor(
    readonly tenantId: string,
    readonly fechaDesde: string,
    readonly fechaHasta: string,
    /** true: contribution source (baseAportes concepts only); false: generic source. */
    readonly paraAportes: boolean,
    readonly list: WholeList,
  ) {
    super();
  }
}
