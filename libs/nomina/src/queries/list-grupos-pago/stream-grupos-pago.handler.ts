import type { Readable } from 'node:stream';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import type { GrupoPagoRow } from './grupos-pago.sql';
import { gruposPagoStatement } from './list-grupos-pago.handler';
import { StreamGruposPagoQuery } from './stream-grupos-pago.query';

/** The list's statement without the count and the page, through a cursor (the export of the whole list). */
@QueryHandler(StreamGruposPagoQuery)
export class StreamGruposPagoHandler implements IQueryHandler<StreamGruposPagoQuery, Readable> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, list }: StreamGruposPagoQuery): Promise<Readable> {
    const { text, values } = gruposPagoStatement(tenantId, list);
    return (await this.sql.stream<GrupoPagoRow>(text.whole, values)).rows;
  }
}
