import { type DynamicModule, Module } from '@nestjs/common';
import { type ContextModuleOptions, contextModule } from '@nomina-api/platform/hosting/context-module';
import { ReportsController } from './http/reports.controller';
import { REPORTES_SCHEMA } from './persistence/schema';
import { ReportUtilityHandler } from './queries/report-utility/report-utility.handler';

/**
 * Point-of-sale reports (premium). Imported as is, SqlReader and the CQRS buses come from the
 * global PlatformModule (the standalone app); `ReportesModule.forRoot()` mounts it in a host app.
 */
@Module({
  controllers: [ReportsController],
  providers: [ReportUtilityHandler],
})
export class ReportesModule {
  /** Reports inside a host Nest app: same options and requirements as NominaModule.forRoot(). */
  static forRoot(options: ContextModuleOptions = {}): DynamicModule {
    return contextModule(ReportesModule, REPORTES_SCHEMA, options);
  }
}
