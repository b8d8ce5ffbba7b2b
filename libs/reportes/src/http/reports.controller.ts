import { Controller, Get, Header, Headers, Query, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { BusinessScope } from '@nomina-api/platform/auth';
import { CurrentBusinessScope, CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { Conditional, ValidDto } from '@nomina-api/platform/http';
import { resolveExportFormat } from '@nomina-api/platform/export';
import { ReportUtilityQuery } from '../queries/report-utility/report-utility.query';
import { ReportUtilityRequestDto } from './dto/report-utility.request.dto';
import { ApiReportUtility } from './report-utility.openapi';
import { PROFITABILITY_REPORT, productReportBody, reportUtilityCriteria } from './report-utility.reply';

@ApiTags('Reportes')
@Secured({ premium: true })
@Conditional()
@Controller('reports')
export class ReportsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('reportUtility')
  @Header('Vary', 'Accept')
  @ApiReportUtility()
  async reportUtility(
    @Query(ValidDto) params: ReportUtilityRequestDto,
    @CurrentTenant() tenantId: string,
    @CurrentBusinessScope() scope: BusinessScope,
    @Headers('accept') accept: string | undefined,
  ): Promise<StreamableFile> {
    // Before the read: a 400 after it would leave the opened cursor (and its connection) behind.
    const format = resolveExportFormat(params.format, accept);
    const criteria = reportUtilityCriteria(params, scope);
    const items = await this.queryBus.execute(new ReportUtilityQuery(tenantId, criteria));
    return productReportBody(PROFITABILITY_REPORT, items, criteria.grouped, params, format);
  }
}
