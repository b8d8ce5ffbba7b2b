import type { Readable } from 'node:stream';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { vinculadosStatement } from './list-vinculados.handler';
import { StreamVinculadosQuery } from './stream-vinculados.query';
import { toVinculadoView, type VinculadoRow, type VinculadoView } from './vinculado.view';

/** The list's own statement without the count and the page, read through a cursor (the read kit's stream). */
@QueryHandler(StreamVinculadosQuery)
export class StreamVinculadosHandler implements IQueryHandler<StreamVinculadosQuery, Readable> {
  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, alcance, list }: StreamVinculadosQuery): Promise<Readable> {
    const { text, values } = vinculadosStatement(tenantId, alcance, list);
    return (await this.sql.stream<VinculadoRow, VinculadoView>(text.whole, values, { map: toVinculadoView })).rows;
  }
}
