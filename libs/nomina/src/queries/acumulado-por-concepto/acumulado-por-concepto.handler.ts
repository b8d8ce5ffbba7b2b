import type { Readable } from 'node:stream';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { AcumuladoPorConceptoQuery } from './acumulado-por-concepto.query';
import { acumuladoPorConceptoSql } from './acumulado-por-concepto.sql';

/** One statement through the read kit's cursor, one array of rows per fetch (the JSON writer takes a batch at once). */
@QueryHandler(AcumuladoPorConceptoQuery)
export class AcumuladoPorConceptoHandler implements IQueryHandler<AcumuladoPorConceptoQuery, Readable> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, fechaDesde, fechaHasta, paraAportes, porContacto }: AcumuladoPorConceptoQuery): Promise<Readable> {
    const { text, values } = acumuladoPorConceptoSql({ tenantId, fechaDesde, fechaHasta, paraAportes, porContacto });
    return (await this.sql.stream(text, values, { batches: true })).rows;
  }
}
