import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SqlReader } from '@nomina-api/platform/persistence';
import { reportUtilityValues, type SalesByCategoryRow, salesByCategorySql } from '../report-utility/report-utility.sql';
import { SalesByCategoryQuery } from './sales-by-category.query';

/** One statement, the report's parameters; the rows end with the totals row. */
@QueryHandler(SalesByCategoryQuery)
export class SalesByCategoryHandler implements IQueryHandler<SalesByCategoryQuery, SalesByCategoryRow[]> {
  constructor(private readonly sql: SqlReader) {}

  execute({ tenantId, criteria }: SalesByCategoryQuery): Promise<SalesByCategoryRow[]> {
    return this.sql.query<SalesByCategoryRow>(
      salesByCategorySql(criteria.businessIds.length === 1),
      reportUtilityValues(tenantId, criteria),
    );
  }
}
