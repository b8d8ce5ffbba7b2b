import { Query } from '@nestjs/cqrs';
import { type ListParams, listSpec, type Page } from '../listing';
import { type ConceptoAcumuladoRow, SORT_COLUMNS } from './conceptos-acumulados.sql';

export const CONCEPTOS_ACUMULADOS_LIST = listSpec(SORT_COLUMNS, [{ field: 'nombreCompleto', direction: 'asc' }]);

/**
 * GET /pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}
 * (CONTRACT §3.7). Dates are validated 'YYYY-MM-DD' with fechaDesde <= fechaHasta.
 */
export class ConceptosAcumuladosQuery extends Query<Page<ConceptoAcumuladoRow>> {
  constructor(
    readonly tenantId: string,
    readonly fechaDesde: string,
    readonly fechaHasta: string,
    /** true: contribution source (baseAportes concepts only); false: generic source. */
    readonly paraAportes: boolean,
    readonly list: ListParams,
  ) {
    super();
  }
}
