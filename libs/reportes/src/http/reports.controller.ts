import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { BusinessScope } from '@nomina-api/platform/auth';
import { Conditional, ValidDto } from '@nomina-api/platform/http';
import { respond } from '@nomina-api/platform/export';
import { CurrentBusinessScope, CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { ReportUtilityQuery } from '../queries/report-utility/report-utility.query';
import { ReportUtilityRequestDto } from './dto/report-utility.request.dto';
import { ApiReportUtility } from './report-utility.openapi';
import { REPORT_UTILITY_REPLY, reportUtilityCriteria } from './report-utility.reply';

@ApiTags('Reportes')
@Secured({ premium: true })
@Conditional()
@Controller('reports')
export class ReportsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('reportUtility')
  @Header('Vary', 'Accept')
  @ApiReportUtility()
  reportUtility(
    @Query(ValidDto) params: ReportUtilityRequestDto,
    @CurrentTenant() tenantId: string,
    @CurrentBusinessScope() scope: BusinessScope,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const query = new ReportUtilityQuery(tenantId, reportUtilityCriteria(params, scope));
    return respond(this.queryBus, reply, REPORT_UTILITY_REPLY, query);
  }
}
