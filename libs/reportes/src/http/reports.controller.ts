import { pipeline } from 'node:stream';
import { Controller, Get, Header, Headers, Query, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { BusinessScope } from '@app/platform/auth/auth-principal';
import { CurrentBusinessScope, CurrentTenant } from '@app/platform/tenancy/current-principal.decorator';
import { Secured } from '@app/platform/tenancy/secured.decorator';
import { DEFAULT_ESTADOS, type ReportUtilityCriteria, ReportUtilityQuery } from '../queries/report-utility/report-utility.query';
import { NUMERIC_COLUMNS, reportColumns } from '../queries/report-utility/report-utility.view';
import { ReportUtilityRequestDto } from './dto/report-utility.request.dto';
import { CSV_CONTENT_TYPE, csvWriter } from './report-utility.csv';
import { JSON_CONTENT_TYPE, jsonWriter } from './report-utility.json';
import { ApiReportUtility } from './report-utility.openapi';
import { csvFileName, wantsCsv } from './report-utility.params';

// Stream failures surface on the response stream itself (Fastify ends the reply).
const noop = (): void => undefined;

@ApiTags('Reportes')
@Secured({ premium: true })
@Controller('reports')
export class ReportsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('reportUtility')
  @Header('Vary', 'Accept')
  @ApiReportUtility()
  async reportUtility(
    @Query() params: ReportUtilityRequestDto,
    @CurrentTenant() tenantId: string,
    @CurrentBusinessScope() scope: BusinessScope,
    @Headers('accept') accept: string | undefined,
  ): Promise<StreamableFile> {
    const criteria: ReportUtilityCriteria = {
      businessIds: scope.businessIds,
      dateInit: params.dateInitISO,
      dateEnd: params.dateEndISO,
      grouped: params.groupResult === 'true',
      estados: params.status ? [params.status] : DEFAULT_ESTADOS,
    };
    const items = await this.queryBus.execute(new ReportUtilityQuery(tenantId, criteria));
    // Both bodies are written while the rows arrive. Destroying the body (client gone)
    // destroys the item stream, which closes the cursor and frees the connection.
    if (wantsCsv(params.format, accept)) {
      return new StreamableFile(pipeline(items, csvWriter(reportColumns(criteria.grouped), NUMERIC_COLUMNS), noop), {
        type: CSV_CONTENT_TYPE,
        disposition: `attachment; filename="${csvFileName(params.dateInitISO, params.dateEndISO)}"`,
      });
    }
    return new StreamableFile(pipeline(items, jsonWriter(), noop), { type: JSON_CONTENT_TYPE });
  }
}
