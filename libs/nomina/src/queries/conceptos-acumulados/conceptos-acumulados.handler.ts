import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence/sql-reader';
import type { Page } from '../listing';
import { ConceptosAcumuladosQuery } from './conceptos-acumulados.query';
import { type ConceptoAcumuladoRow, type ConceptoAcumuladoSqlRow, conceptosAcumuladosSql } from './conceptos-acumulados.sql';

/** One statement returns the page and the global count (an empty page still carries the count). */
@QueryHandler(ConceptosAcumuladosQuery)
export class ConceptosAcumuladosHandler implements IQueryHandler<ConceptosAcumuladosQuery, Page<ConceptoAcumuladoRow>> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, fechaDesde, fechaHasta, paraAportes, list }: ConceptosAcumuladosQuery): Promise<Page<ConceptoAcumuladoRow>> {
    const { text, values } = conceptosAcumuladosSql({
      tenantId,
      fechaDesde,
      fechaHasta,
      fuente: paraAportes ? 'aportes' : 'generica',
      offset: list.offset,
      size: list.size,
      filter: list.filter,
      sort: list.sort,
    });
    const result = await this.sql.query<ConceptoAcumuladoSqlRow>(text, values);
    const total = result.length > 0 ? Number(result[0].total) : 0;
    const rows = result.filter((r) => r.uuidVinculado !== null).map(({ total: _, ...row }) => row as ConceptoAcumuladoRow);
    return { rows, total };
  }
}
