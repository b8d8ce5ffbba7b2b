import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { ListConceptosQuery } from './list-conceptos.query';
import { CONCEPTOS_SQL, type ConceptoRow } from './list-conceptos.sql';

@QueryHandler(ListConceptosQuery)
export class ListConceptosHandler implements IQueryHandler<ListConceptosQuery, ConceptoRow[]> {
  constructor(private readonly sql: SqlReader) {}

  execute({ tenantId }: ListConceptosQuery): Promise<ConceptoRow[]> {
    return this.sql.query<ConceptoRow>(CONCEPTOS_SQL, [tenantId]);
  }
}
