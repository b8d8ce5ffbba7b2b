import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import type { Page } from '../listing';
import { ConceptosAcumuladosQuery } from './conceptos-acumulados.query';
import {
  type ConceptoAcumuladoRow,
  type ConceptoAcumuladoSqlRow,
  conceptosAcumuladosSql,
  type WholeSqlInput,
} from './conceptos-acumulados.sql';
import type { StreamConceptosAcumuladosQuery } from './stream-conceptos-acumulados.query';

/** The statement's input a query gives, paged or whole. */
export function sqlInput({
  tenantId,
  fechaDesde,
  fechaHasta,
  paraAportes,
  list,
}: ConceptosAcumuladosQuery | StreamConceptosAcumuladosQuery): WholeSqlInput {
  return { tenantId, fechaDesde, fechaHasta, fuente: paraAportes ? 'aportes' : 'generica', filter: list.filter, sort: list.sort };
}

/** One statement returns the page and the global count (an empty page still carries the count). */
@QueryHandler(ConceptosAcumuladosQuery)
export class ConceptosAcumuladosHandler implements IQueryHandler<ConceptosAcumuladosQuery, Page<ConceptoAcumuladoRow>> {
  constructor(private readonly sql: SqlReader) {}

  async execute(query: ConceptosAcumuladosQuery): Promise<Page<ConceptoAcumuladoRow>> {
    const { text, values } = conceptosAcumuladosSql({ ...sqlInput(query), offset: query.list.offset, size: query.list.size });
    const result = await this.sql.query<ConceptoAcumuladoSqlRow>(text, values);
    const total = result.length > 0 ? Number(result[0].total) : 0;
    const rows = result.filter((r) => r.uuidVinculado !== null).map(({ total: _, ...row }) => row as ConceptoAcumuladoRow);
    return { rows, total };
  }
}
