import { type DynamicModule, Module } from '@nestjs/common';
import { contextModule, contextModuleAsync, type ContextModuleAsyncOptions, type ContextModuleOptions } from '@nomina-api/platform/hosting';
import { ReportsController } from './http/reports.controller';
import { SalesReportsController } from './http/sales-reports.controller';
import { REPORTES_SCHEMA } from './persistence/schema';
import { ReportUtilityHandler } from './queries/report-utility/report-utility.handler';
import { SalesByCategoryHandler } from './queries/sales-by-category/sales-by-category.handler';

/**
 * Point-of-sale reports: the profitability report (premium) and the sales reports. Imported as is, SqlReader and the CQRS buses come from the
 * global PlatformModule (the standalone app); `ReportesModule.forRoot()` mounts it in a host app.
 */
@Module({
  controllers: [ReportsController, SalesReportsController],
  providers: [ReportUtilityHandler, SalesByCategoryHandler],
})
export class ReportesModule {
  /** Reports inside a host Nest app: same options and requirements as NominaModule.forRoot(). */
  static forRoot(options: ContextModuleOptions = {}): DynamicModule {
    return contextModule(ReportesModule, REPORTES_SCHEMA, options);
  }

  /** forRoot with the options from a factory of the host's (e.g. its ConfigService), resolved at bootstrap. */
  static forRootAsync(options: ContextModuleAsyncOptions): DynamicModule {
    return contextModuleAsync(ReportesModule, REPORTES_SCHEMA, options);
  }
}
