import { Query } from '@nestjs/cqrs';
import type { ReportUtilityCriteria } from '../report-utility/report-utility.query';
import type { SalesByCategoryRow } from '../report-utility/report-utility.sql';

/** What a sales-by-category report covers: the profitability report's criteria without the grouping (it always groups). */
export type SalesByCategoryCriteria = Omit<ReportUtilityCriteria, 'grouped'>;

/**
 * GET /reports/reportSalesByCategory (CONTRACT §11.4): one row per category, then the totals
 * row (`isTotal`). A few dozen rows at most (one per category of the tenant), read at once.
 */
export class SalesByCategoryQuery extends Query<SalesByCategoryRow[]> {
  constructor(
    readonly tenantId: string,
    readonly criteria: SalesByCategoryCriteria,
  ) {
    super();
  }
}
