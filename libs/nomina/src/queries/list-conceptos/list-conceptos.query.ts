import { Query } from '@nestjs/cqrs';
import type { ConceptoRow } from './list-conceptos.sql';

/** GET /conceptos (CONTRACT §11.3): the tenant's payroll concepts, ordered by codigo, not paged. */
export class ListConceptosQuery extends Query<ConceptoRow[]> {
  constructor(readonly tenantId: string) {
    super();
  }
}
