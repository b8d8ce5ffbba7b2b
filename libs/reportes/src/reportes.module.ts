import { Module } from '@nestjs/common';
import { ReportsController } from './http/reports.controller';
import { ReportUtilityHandler } from './queries/report-utility/report-utility.handler';

/** Point-of-sale reports (premium). SqlReader and the CQRS buses come from the global PlatformModule. */
@Module({
  controllers: [ReportsController],
  providers: [ReportUtilityHandler],
})
export class ReportesModule {}
