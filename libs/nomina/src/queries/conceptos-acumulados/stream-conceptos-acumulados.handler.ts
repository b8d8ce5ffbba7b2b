import type { Readable } from 'node:stream';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { sqlInput } from './conceptos-acumulados.handler';
import { type ConceptoAcumuladoRow, conceptosAcumuladosWholeSql } from './conceptos-acumulados.sql';
import { StreamConceptosAcumuladosQuery } from './stream-conceptos-acumulados.query';

/**
 * The page's statement without the page and the count (so no `total` column and no null row to
 * drop), read through a cursor (the read kit's stream).
 */
@QueryHandler(StreamConceptosAcumuladosQuery)
export class StreamConceptosAcumuladosHandler implements IQueryHandler<StreamConceptosAcumuladosQuery, Readable> {
  constructor(private readonly sql: SqlReader) {}

  async execute(query: StreamConceptosAcumuladosQuery): Promise<Readable> {
    const { text, values } = conceptosAcumuladosWholeSql(sqlInput(query));
    return (await this.sql.stream<ConceptoAcumuladoRow>(text, values)).rows;
  }
}
